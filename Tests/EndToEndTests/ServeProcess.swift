import Foundation
import Subprocess
import Testing

/// `kiosk serve` as a child process on 127.0.0.1 and a port of the kernel's choosing, with its
/// own state directory (which clients share to find the token and the root). Always `stop()`.
struct ServeProcess {
    let pid: pid_t
    let state: String
    let url: String
    private let output: String

    /// Starts the server and waits for the line that says where it listens.
    static func start(arguments: [String] = []) async throws -> ServeProcess {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent(
            "kiosk-serve-\(UUID().uuidString)"
        ).path
        let output = state + "-serve.log"
        let pid = try Subprocess.spawn(
            [TmuxSession.binary, "serve", "--state", state, "--listen", "127.0.0.1:0"] + arguments,
            standardOutput: output, standardError: output)
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(60)
        // Looks once more after the deadline: on a busy machine this task may wake only after
        // it, to find the server long started.
        var lastLook = false
        while !lastLook {
            lastLook = clock.now >= deadline
            let text = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
            if let line = text.split(separator: "\n").first(where: { $0.contains("listening on ") }),
                let url = line.split(separator: " ").last
            {
                return ServeProcess(pid: pid, state: state, url: String(url), output: output)
            }
            if !lastLook { try await Task.sleep(for: .milliseconds(50)) }
        }
        kill(pid, SIGKILL)
        _ = Subprocess.wait(pid)
        let text = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
        throw ServeFailure(description: "kiosk serve did not start: \(text)")
    }

    /// `kiosk store ARGS --store URL --state STATE` against this server.
    func store(_ arguments: String...) throws {
        let result = try Subprocess.run(
            [TmuxSession.binary, "store"] + arguments + ["--store", url, "--state", state])
        #expect(result.status == 0, "kiosk store \(arguments): \(result.standardError)")
    }

    /// SIGTERM, then waits for the graceful exit and removes the state.
    func stop() {
        kill(pid, SIGTERM)
        let status = Subprocess.wait(pid)
        #expect(status == 0, "kiosk serve exited \(status)")
        try? FileManager.default.removeItem(atPath: state)
        try? FileManager.default.removeItem(atPath: output)
    }
}

/// `kiosk serve` did not come up; the description holds what it printed.
struct ServeFailure: Error, CustomStringConvertible {
    var description: String
}

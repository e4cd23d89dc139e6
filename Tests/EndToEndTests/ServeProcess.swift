import Foundation
import Subprocess
import TestSupport
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
        var url: String?
        do {
            // `waitUntil` looks once more when it wakes after the deadline: on a busy machine
            // this task may wake late, to find the server long started.
            try await waitUntil("kiosk serve to say where it listens", every: .milliseconds(50)) {
                // Not written yet is an empty log: look again.
                let text = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
                let listening = text.split(separator: "\n").first { $0.contains("listening on ") }
                url = listening?.split(separator: " ").last.map(String.init)
                return url != nil
            }
        } catch is DeadlineExceeded {}
        if let url { return ServeProcess(pid: pid, state: state, url: url, output: output) }
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

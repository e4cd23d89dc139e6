import Foundation
import StoreCore
import Subprocess

/// `kiosk serve` as a child on 127.0.0.1 and a free port, for the serve benchmark: ephemeral,
/// or on a state directory (every acknowledged write durable).
struct ServeProcess {
    let pid: pid_t
    let port: UInt16
    let token: String
    private let log: String

    static func start(state: URL? = nil) async throws -> ServeProcess {
        let log = NSTemporaryDirectory() + "kiosk-bench-serve-\(getpid())-\(UUID().uuidString).log"
        let place = state.map { ["--state", $0.path] } ?? ["--ephemeral"]
        let pid = try Subprocess.spawn(
            [PaywallProcessBenchmark.binary, "serve", "--listen", "127.0.0.1:0"] + place,
            standardOutput: log, standardError: log)
        for _ in 0..<400 {
            try await Task.sleep(for: .milliseconds(50))
            // Not written yet reads as empty: the loop looks again, and its deadline reports.
            let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            let lines = text.split(separator: "\n")
            // "kiosk serve: listening on http://127.0.0.1:PORT", and "  token:  HEX" (ephemeral)
            // or the token in the state's token file.
            guard let listen = lines.first(where: { $0.contains("listening on http://") }),
                let port = listen.split(separator: ":").last.flatMap({ UInt16($0) }),
                let token = Self.token(printed: lines, state: state)
            else { continue }
            return ServeProcess(pid: pid, port: port, token: String(token), log: log)
        }
        kill(pid, SIGKILL)
        _ = Subprocess.wait(pid)
        throw BenchmarkFailure(
            // The failure is thrown either way; the log only adds detail when there is one.
            "kiosk serve did not start: \((try? String(contentsOfFile: log, encoding: .utf8)) ?? "")")
    }

    private static func token(printed lines: [Substring], state: URL?) -> String? {
        if let state {
            let file = StateDirectoryLayout(state).serverToken.path
            // Not written yet: nil, and the start-up loop looks again until its deadline.
            return (try? String(contentsOfFile: file, encoding: .utf8))?
                .trimmingCharacters(in: .whitespacesAndNewlines)
        }
        return lines.first(where: { $0.hasPrefix("  token:") })?.split(separator: " ").last.map(String.init)
    }

    /// SIGTERM and wait: the server finishes what is in flight and exits.
    func stop() {
        kill(pid, SIGTERM)
        _ = Subprocess.wait(pid)
        // Clean-up of a scratch log: a leftover harms nothing.
        try? FileManager.default.removeItem(atPath: log)
    }
}

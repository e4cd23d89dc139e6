import Foundation
import Subprocess

/// `kiosk serve --ephemeral` as a child on 127.0.0.1 and a free port, for the serve benchmark.
struct ServeProcess {
    let pid: pid_t
    let port: UInt16
    let token: String
    private let log: String

    static func start() async throws -> ServeProcess {
        let log = NSTemporaryDirectory() + "kiosk-bench-serve-\(getpid()).log"
        let pid = try Subprocess.spawn(
            [PaywallProcessBenchmark.binary, "serve", "--ephemeral", "--listen", "127.0.0.1:0"],
            standardOutput: log, standardError: log)
        for _ in 0..<400 {
            try await Task.sleep(for: .milliseconds(50))
            let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            let lines = text.split(separator: "\n")
            // "kiosk serve: listening on http://127.0.0.1:PORT" and "  token:  HEX" (ephemeral).
            guard let listen = lines.first(where: { $0.contains("listening on http://") }),
                let port = listen.split(separator: ":").last.flatMap({ UInt16($0) }),
                let tokenLine = lines.first(where: { $0.hasPrefix("  token:") }),
                let token = tokenLine.split(separator: " ").last
            else { continue }
            return ServeProcess(pid: pid, port: port, token: String(token), log: log)
        }
        kill(pid, SIGKILL)
        _ = Subprocess.wait(pid)
        throw BenchmarkFailure(
            "kiosk serve did not start: \((try? String(contentsOfFile: log, encoding: .utf8)) ?? "")")
    }

    /// SIGTERM and wait: the server finishes what is in flight and exits.
    func stop() {
        kill(pid, SIGTERM)
        _ = Subprocess.wait(pid)
        try? FileManager.default.removeItem(atPath: log)
    }
}

import Foundation
import Subprocess

/// Debian's `wrk`, bounded: `-t2 -c64 -d5s --latency`, its requests per second and p99.
enum Wrk {
    struct Result {
        var requestsPerSecond: Double
        var p99Milliseconds: Double
        /// wrk's socket errors by class (connect, read, write, timeout) and the answers that
        /// were not 2xx or 3xx: what went wrong, not only that something did.
        var socketErrors: [(name: String, count: Int)]
        var non2xx: Int

        var errors: Int { socketErrors.map(\.count).reduce(non2xx, +) }
        /// "connect 0, read 3, write 0, timeout 0, non-2xx 0".
        var errorClasses: String {
            (socketErrors.map { "\($0.name) \($0.count)" } + ["non-2xx \(non2xx)"]).joined(separator: ", ")
        }
    }

    static func run(url: String, headers: [String] = [], connections: Int = 64, seconds: Int = 5) throws
        -> Result
    {
        // `which` itself missing reads as wrk missing: the error below says what to install.
        guard (try? Subprocess.run(["which", "wrk"]))?.status == 0 else {
            throw BenchmarkFailure("wrk is not installed: run scripts/bench-setup")
        }
        let arguments =
            ["wrk", "-t2", "-c\(connections)", "-d\(seconds)s", "--latency"]
            + headers.flatMap { ["-H", $0] } + [url]
        let output = try Subprocess.run(arguments).standardOutput
        let lines = output.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        guard
            let rate = lines.first(where: { $0.hasPrefix("Requests/sec:") })?.split(separator: " ").last
                .flatMap({ Double($0) }),
            let p99 = lines.first(where: { $0.hasPrefix("99%") })?.split(separator: " ").last
                .flatMap(milliseconds)
        else { throw BenchmarkFailure("could not read wrk's output:\n\(output)") }
        // "Non-2xx or 3xx responses: N" and "Socket errors: connect 0, read 0, write 0, timeout 0".
        let non2xx =
            lines.first { $0.hasPrefix("Non-2xx") }?.split(separator: " ").last.flatMap { Int($0) } ?? 0
        let counts =
            lines.first { $0.hasPrefix("Socket errors") }.map {
                $0.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
            } ?? []
        let names = ["connect", "read", "write", "timeout"]
        let socketErrors = names.enumerated().map { (name: $1, count: $0 < counts.count ? counts[$0] : 0) }
        return Result(
            requestsPerSecond: rate, p99Milliseconds: p99, socketErrors: socketErrors, non2xx: non2xx)
    }

    /// "812.00us", "1.23ms", "2.00s" in milliseconds.
    static func milliseconds(_ text: Substring) -> Double? {
        for (suffix, scale) in [("us", 0.001), ("ms", 1.0), ("s", 1000.0)] where text.hasSuffix(suffix) {
            return Double(text.dropLast(suffix.count)).map { $0 * scale }
        }
        return nil
    }
}

import Foundation
import HTTP
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Our own bounded load generator for purchase + finish over the wire protocol: `connections`
/// keep-alive connections, each buying a consumable, reading its transaction ID from the
/// signed answer and finishing it, until `seconds` pass. wrk cannot carry the ID from one
/// request to the next without a JWS decoder in Lua.
///
/// Like wrk, it runs its connections on two event-loop threads (`poll`), not a thread each:
/// on this two-core machine the generator shares the cores with the server, and 64 more
/// runnable threads would put the scheduler's delays into the server's latencies.
enum PurchaseLoad {
    struct Result {
        var pairsPerSecond: Double
        var p99Milliseconds: Double
        var errors: Int
    }

    static let loops = 2

    static func run(
        port: UInt16, token: String, productID: String, connections: Int = 64, seconds: Double = 5
    )
        async -> Result
    {
        let tally = Tally(loops: loops)
        let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
        let requests = Requests(token: token, productID: productID)
        let started = ContinuousClock.now
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            for loop in 0..<loops {
                let share = connections / loops + (loop < connections % loops ? 1 : 0)
                Thread {
                    var eventLoop = EventLoop(port: port, connections: share, requests: requests)
                    eventLoop.run(until: deadline)
                    if tally.add(eventLoop.latencies, failures: eventLoop.failures) { continuation.resume() }
                }.start()
            }
        }
        let elapsed = started.duration(to: .now)
        let wall = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        let sorted = tally.latencies.withLock { $0 }.sorted()
        if ProcessInfo.processInfo.environment["KIOSK_BENCH_TRACE"] != nil, let slowest = sorted.last {
            let at = { (share: Double) in sorted[min(sorted.count - 1, Int(Double(sorted.count) * share))] }
            FileHandle.standardError.write(
                Data(
                    String(
                        format: "pairs %d: p50 %.1f p90 %.1f p99 %.1f p99.9 %.1f max %.1f ms\n", sorted.count,
                        at(0.5), at(0.9), at(0.99), at(0.999), slowest
                    ).utf8))
        }
        let p99 = sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int(Double(sorted.count) * 0.99))]
        return Result(
            pairsPerSecond: Double(sorted.count) / wall, p99Milliseconds: p99,
            errors: tally.errors.withLock { $0 })
    }

    /// The two requests of a pair, as bytes.
    struct Requests: Sendable {
        let purchase: [UInt8]
        let token: String

        init(token: String, productID: String) {
            let body = #"{"productID":"\#(productID)"}"#
            purchase = Array(
                ("POST /v1/accounts/tester/purchases HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                    + "Authorization: Bearer \(token)\r\nContent-Type: application/json\r\n"
                    + "Content-Length: \(body.utf8.count)\r\n\r\n\(body)").utf8)
            self.token = token
        }

        func finish(_ id: UInt64) -> [UInt8] {
            Array(
                ("POST /v1/accounts/tester/transactions/\(id)/finish HTTP/1.1\r\n"
                    + "Host: 127.0.0.1\r\nAuthorization: Bearer \(token)\r\nContent-Length: 0\r\n\r\n").utf8)
        }
    }

    /// What the loops measured, gathered as each one ends.
    private final class Tally: Sendable {
        let latencies = Mutex<[Double]>([])
        let errors = Mutex(0)
        private let remaining: Mutex<Int>

        init(loops: Int) { remaining = Mutex(loops) }

        /// Adds one loop's results; true for the last loop.
        func add(_ measured: [Double], failures: Int) -> Bool {
            latencies.withLock { $0 += measured }
            errors.withLock { $0 += failures }
            return remaining.withLock { count in
                count -= 1
                return count == 0
            }
        }
    }
}

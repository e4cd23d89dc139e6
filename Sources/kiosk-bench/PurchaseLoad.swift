import Foundation
import HTTP
import Synchronization

/// Our own bounded load generator for purchase + finish over the wire protocol: `connections`
/// threads, each on one keep-alive connection, buy a consumable, read its transaction ID
/// from the signed answer and finish it, until `seconds` pass. wrk cannot carry the ID from
/// one request to the next without a JWS decoder in Lua.
enum PurchaseLoad {
    struct Result {
        var pairsPerSecond: Double
        var p99Milliseconds: Double
        var errors: Int
    }

    static func run(
        port: UInt16, token: String, productID: String, connections: Int = 64, seconds: Double = 5
    )
        async -> Result
    {
        let tally = Tally(connections: connections)
        let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
        let body = #"{"productID":"\#(productID)"}"#
        let purchase =
            "POST /v1/accounts/tester/purchases HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            + "Authorization: Bearer \(token)\r\nContent-Type: application/json\r\n"
            + "Content-Length: \(body.utf8.count)\r\n\r\n\(body)"
        let started = ContinuousClock.now
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            for _ in 0..<connections {
                Thread {
                    var mine: [Double] = []
                    var failures = 0
                    if let socket = try? ClientSocket(host: "127.0.0.1", port: port) {
                        while ContinuousClock.now < deadline {
                            let start = ContinuousClock.now
                            guard (try? socket.write(purchase)) != nil,
                                let bought = try? socket.readResponse(timeout: 10), bought.status == 200,
                                let id = Probe.transactionID(in: bought.body),
                                (try? socket.write(
                                    "POST /v1/accounts/tester/transactions/\(id)/finish HTTP/1.1\r\n"
                                        + "Host: 127.0.0.1\r\nAuthorization: Bearer \(token)\r\n"
                                        + "Content-Length: 0\r\n\r\n")) != nil,
                                let finished = try? socket.readResponse(timeout: 10),
                                (200..<300).contains(finished.status)
                            else {
                                failures += 1
                                break
                            }
                            let elapsed = start.duration(to: .now)
                            mine.append(
                                Double(elapsed.components.seconds) * 1000
                                    + Double(elapsed.components.attoseconds) / 1e15)
                        }
                    } else {
                        failures += 1
                    }
                    if tally.add(mine, failures: failures) { continuation.resume() }
                }.start()
            }
        }
        let elapsed = started.duration(to: .now)
        let wall = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        let sorted = tally.latencies.withLock { $0 }.sorted()
        let p99 = sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int(Double(sorted.count) * 0.99))]
        return Result(
            pairsPerSecond: Double(sorted.count) / wall, p99Milliseconds: p99,
            errors: tally.errors.withLock { $0 })
    }

    /// What the threads measured, gathered as each one ends.
    private final class Tally: Sendable {
        let latencies = Mutex<[Double]>([])
        let errors = Mutex(0)
        private let remaining: Mutex<Int>

        init(connections: Int) { remaining = Mutex(connections) }

        /// Adds one thread's results; true for the last thread.
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

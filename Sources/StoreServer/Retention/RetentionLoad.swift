import Foundation
import Simulator
import StoreCore
import Synchronization

/// Apple's performance test of a Get Retention Message endpoint, run for real: up to
/// `totalRequests` signed requests, `maxConcurrentRequests` at a time, never longer than
/// `totalDuration`, all to the one endpoint given. A request succeeds when it is answered 2xx
/// with a JSON object within `responseTimeThreshold`; the test passes when at least
/// `successRateThreshold` percent succeed (docs/retention.md says where Apple is silent).
public enum RetentionLoad {
    /// Runs the test. `sign` makes each request's `signedPayload` (a new requestIdentifier
    /// each time); `progress` hears (done, total) after every answer.
    public static func run(
        endpoint: RetentionEndpoint, config: RetentionPerformanceTest.Config,
        sign: @escaping @Sendable () async -> String?,
        progress: @escaping @Sendable (Int, Int) -> Void = { _, _ in }
    ) async -> Outcome {
        let total = max(0, config.totalRequests)
        let threshold = Double(config.responseTimeThreshold)
        let deadline = ContinuousClock.now + .milliseconds(config.totalDuration)
        let shared = Shared()
        // A slow answer is waited for a little past the threshold, so percentiles say how slow.
        let timeout = 2 * threshold / 1000
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<max(1, min(config.maxConcurrentRequests, total)) {
                group.addTask {
                    while ContinuousClock.now < deadline {
                        let index = shared.next.withLock { value -> Int? in
                            guard value < total else { return nil }
                            value += 1
                            return value
                        }
                        guard index != nil else { return }
                        var call: RetentionEndpoint.Call
                        if let signed = await sign() {
                            call = await endpoint.call(signedPayload: signed, timeout: timeout)
                            if call.succeeded, call.milliseconds > threshold { call.result = .timedOut }
                            if call.succeeded, !isJSONObject(call.body) { call.result = .invalidResponse }
                        } else {
                            call = RetentionEndpoint.Call(
                                result: .other, httpStatus: nil, body: [], milliseconds: 0)
                        }
                        let done = shared.calls.withLock { list in
                            list.append(call)
                            return list.count
                        }
                        progress(done, total)
                    }
                }
            }
        }
        return Outcome(calls: shared.calls.withLock { $0 }, total: total, config: config)
    }

    /// What a test found.
    public struct Outcome: Sendable {
        public var calls: [RetentionEndpoint.Call]
        public var total: Int
        public var config: RetentionPerformanceTest.Config

        /// Requests the duration ran out before sending.
        public var unsent: Int { total - calls.count }
        public var succeeded: Int { calls.filter(\.succeeded).count }
        /// Percent of all requests (unsent ones count against it).
        public var successRate: Int { total == 0 ? 0 : succeeded * 100 / total }
        public var passed: Bool { total > 0 && successRate >= config.successRateThreshold }

        public var failures: [String: Int] {
            var kinds: [String: Int] = [:]
            for call in calls where !call.succeeded { kinds[call.result.rawValue, default: 0] += 1 }
            if unsent > 0 { kinds[SendAttemptResult.timedOut.rawValue, default: 0] += unsent }
            return kinds
        }

        /// Nearest-rank percentiles over every answered or failed call, in whole milliseconds.
        public var responseTimes: RetentionPerformanceTest.ResponseTimes? {
            let times = calls.map(\.milliseconds).sorted()
            guard !times.isEmpty else { return nil }
            func percentile(_ p: Double) -> Int {
                let rank = Int((p / 100 * Double(times.count)).rounded(.up))
                return Int(times[min(max(rank, 1), times.count) - 1].rounded())
            }
            let average = Int((times.reduce(0, +) / Double(times.count)).rounded())
            return .init(
                average: average, p50: percentile(50), p90: percentile(90), p95: percentile(95),
                p99: percentile(99))
        }

        /// The test record completed with this outcome.
        public func completing(_ test: RetentionPerformanceTest) -> RetentionPerformanceTest {
            var done = test
            done.status = passed ? .pass : .fail
            done.successRate = successRate
            done.numPending = 0
            done.responseTimes = responseTimes
            done.failures = failures
            return done
        }
    }

    /// What the workers share: the next request's number and the calls made.
    private final class Shared: Sendable {
        let next = Mutex(0)
        let calls = Mutex<[RetentionEndpoint.Call]>([])
    }

    static func isJSONObject(_ body: [UInt8]) -> Bool {
        (try? JSONSerialization.jsonObject(with: Data(body))) is [String: Any]
    }
}

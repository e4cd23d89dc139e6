import Foundation
import Simulator
import StoreCore

/// Runs the performance tests `Initiate Performance Test` starts, one at a time, against the
/// URL configured when each started, and stores the result for `Get Performance Test Results`.
public final class RetentionPerformanceTester: Sendable {
    let store: SimulatedStore
    let report: @Sendable (String) -> Void

    public init(
        store: SimulatedStore,
        report: @escaping @Sendable (String) -> Void = { line in
            FileHandle.standardError.write(Data("kiosk serve: retention: \(line)\n".utf8))
        }
    ) {
        self.store = store
        self.report = report
    }

    /// Starts `test` (already stored as PENDING) and records its result when done.
    public func runInBackground(_ test: RetentionPerformanceTest) {
        Task { await run(test) }
    }

    /// Runs `test` and records its result; a URL that cannot be called fails the test.
    public func run(_ test: RetentionPerformanceTest) async {
        let store = store
        var done = test
        do throws(RetentionEndpointError) {
            let endpoint = try RetentionEndpoint(url: test.target)
            let original = UInt64(test.originalTransactionID) ?? 0
            let outcome = await RetentionLoad.run(endpoint: endpoint, config: test.config) {
                try? await store.retentionRequest(originalTransactionID: original, locale: "en-US")
                    .signedPayload
            }
            done = outcome.completing(test)
        } catch {
            done.status = .fail
            done.successRate = 0
            done.numPending = 0
            done.failures = [SendAttemptResult.other.rawValue: test.config.totalRequests]
        }
        do throws(RetentionError) {
            try await store.recordRetentionPerformanceTest(done)
        } catch {
            report("the result of performance test \(test.requestID) could not be stored: \(error)")
        }
    }
}

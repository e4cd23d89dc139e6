import Dispatch
import Synchronization
import Testing

@testable import Paywall

/// The review's worker pool: every job added is run once, results come back in the order the
/// jobs were added whatever order they finish in, and the jobs really run side by side.
@Suite struct ReviewCheckPoolTests {
    @Test func resultsKeepTheOrderJobsWereAddedIn() async {
        let runs = Mutex(0)
        let pool = ReviewCheckPool<Int, String>(workers: 3) { job in
            runs.withLock { $0 += 1 }
            // Uneven work, so jobs finish out of order.
            var total = 0
            for step in 0..<((job % 7) * 2_000) { total &+= step }
            return "\(job):\(total >= 0)"
        }
        for job in 0..<200 { pool.add(job) }
        let results = await pool.results()
        #expect(results == (0..<200).map { "\($0):true" })
        #expect(runs.withLock { $0 } == 200)
    }

    @Test func aJobWaitingForALaterOneIsNotRunAlone() async {
        // Job 0 waits for job 1: with two workers job 1 runs beside it; run one at a time, job 0
        // would give up waiting and say so.
        let second = DispatchSemaphore(value: 0)
        let pool = ReviewCheckPool<Int, Bool>(workers: 2) { job in
            if job == 1 {
                second.signal()
                return true
            }
            return second.wait(timeout: .now() + 60) == .success
        }
        pool.add(0)
        pool.add(1)
        #expect(await pool.results() == [true, true])
    }

    @Test func aPoolGivenNothingReturnsNothing() async {
        let pool = ReviewCheckPool<Int, Int>(workers: 2) { $0 }
        #expect(await pool.results().isEmpty)
    }
}

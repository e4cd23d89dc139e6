import Foundation
import KioskStoreKit
import KioskStoreKitTest

/// A developer's suite that makes a fresh `SKTestSession` per test, 1,000 tests in one process:
/// what it leaves behind. Each session's store runs on a thread of its own, so a store that
/// outlived its test would keep a thread (and its ledger, catalog and keys) for the rest of the
/// run. Measured: the threads (`/proc/self/task`) and resident memory before the sessions,
/// the most seen while they run, and after the last one is released.
extension StoreKitBenchmark {
    static func sessionsInOneProcess(_ count: Int = 1_000) async throws -> [BenchmarkResult] {
        let threadsBefore = threadCount()
        let residentBefore = Anchors.residentMegabytes()
        var mostThreads = threadsBefore
        // Memory after the first tenth: what the process keeps once (allocator arenas, the
        // catalog's caches) apart from what each further session would add.
        var residentEarly = residentBefore
        for test in 0..<count {
            try await sessionAndFirstPurchase()  // what one such test does
            if test % 50 == 49 { mostThreads = max(mostThreads, threadCount()) }
            if test == count / 10 - 1 { residentEarly = Anchors.residentMegabytes() }
        }
        // A released store's thread ends once it has run the store's last job: give it a moment.
        let threadsAfter = try await threadsOnceSettled(atMost: threadsBefore)
        let residentAfter = Anchors.residentMegabytes()
        return [
            threads(
                "storekit threads after \(count) sessions (a fresh SKTestSession per test)", threadsAfter,
                before: threadsBefore),
            threads(
                "storekit most threads while \(count) sessions ran, sampled every 50", mostThreads,
                before: threadsBefore),
            BenchmarkResult(
                name: "storekit resident memory after \(count) sessions", value: residentAfter, unit: "MB",
                anchorName: "before the sessions", anchorValue: residentBefore, anchorUnit: "MB",
                higherIsBetter: false),
            BenchmarkResult(
                name: "storekit resident memory after \(count) sessions vs after \(count / 10)",
                value: residentAfter, unit: "MB", anchorName: "after \(count / 10) sessions",
                anchorValue: residentEarly, anchorUnit: "MB", higherIsBetter: false),
        ]
    }

    /// A suite whose tests keep their sessions (a fixture, a forgotten reference): `count`
    /// stores alive at once, each used and then idle. Their threads end once idle.
    static func keptSessions(_ count: Int = 200) async throws -> [BenchmarkResult] {
        let threadsBefore = threadCount()
        var kept: [SKTestSession] = []
        var mostThreads = threadsBefore
        for test in 0..<count {
            kept.append(try await sessionAndFirstPurchase())
            if test % 20 == 19 { mostThreads = max(mostThreads, threadCount()) }
        }
        let idleThreads = try await threadsOnceSettled(atMost: threadsBefore, seconds: 5)
        withExtendedLifetime(kept) {}
        return [
            threads(
                "storekit most threads while \(count) kept sessions ran, sampled every 20", mostThreads,
                before: threadsBefore),
            threads(
                "storekit threads with \(count) sessions kept, once idle", idleThreads, before: threadsBefore),
        ]
    }

    /// A thread count beside the count before the sessions.
    private static func threads(_ name: String, _ count: Int, before: Int) -> BenchmarkResult {
        BenchmarkResult(
            name: name, value: Double(count), unit: "threads", anchorName: "before the sessions",
            anchorValue: Double(before), anchorUnit: "threads", higherIsBetter: false)
    }

    /// The thread count once it is down to `atMost`, or after `seconds` (a store's thread ends
    /// a moment after its last job: released, or idle for the executor's timeout).
    private static func threadsOnceSettled(atMost: Int, seconds: Int = 2) async throws -> Int {
        let settled = ContinuousClock.now + .seconds(seconds)
        while threadCount() > atMost && ContinuousClock.now < settled {
            try await Task.sleep(for: .milliseconds(20))
        }
        return threadCount()
    }

    /// This process's threads now (NaN-free: 0 when `/proc` is not there, which no Linux lacks).
    static func threadCount() -> Int {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task").count) ?? 0
    }
}

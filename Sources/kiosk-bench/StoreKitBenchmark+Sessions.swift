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
        let settled = ContinuousClock.now + .seconds(2)
        while threadCount() > threadsBefore && ContinuousClock.now < settled {
            try await Task.sleep(for: .milliseconds(20))
        }
        let threadsAfter = threadCount()
        let residentAfter = Anchors.residentMegabytes()
        return [
            BenchmarkResult(
                name: "storekit threads after \(count) sessions (a fresh SKTestSession per test)",
                value: Double(threadsAfter), unit: "threads", anchorName: "before the sessions",
                anchorValue: Double(threadsBefore), anchorUnit: "threads", higherIsBetter: false),
            BenchmarkResult(
                name: "storekit most threads while \(count) sessions ran, sampled every 50",
                value: Double(mostThreads), unit: "threads", anchorName: "before the sessions",
                anchorValue: Double(threadsBefore), anchorUnit: "threads", higherIsBetter: false),
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

    /// This process's threads now (NaN-free: 0 when `/proc` is not there, which no Linux lacks).
    static func threadCount() -> Int {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task").count) ?? 0
    }
}

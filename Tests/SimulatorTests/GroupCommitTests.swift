import Foundation
import StoreCore
import Synchronization
import TestSupport
import Testing

@testable import Simulator

/// Group commit: purchases that arrive together share one fsync, and none is answered before
/// the fsync covering its commit has returned.
@Suite struct GroupCommitTests {
    final class Gate: Sendable {
        let isOpen = Mutex(false)
        let answered = Mutex(0)
        /// The held fsync stopped waiting for the test (which had failed by then).
        let gaveUp = Mutex(false)
    }

    @Test func concurrentPurchasesShareAnFsyncAndWaitForIt() async throws {
        let directory = try temporaryDirectory("kiosk-group")
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try SimulatedStore.makeForTest(location: .directory(directory))
        let sync = try #require(await store.groupSyncForTests())
        let gate = Gate()
        // The disk is slow: the fsync returns only when the test says so. Should the test fail
        // before it does, the fsync gives up at the shared deadline, so the purchases it holds
        // end and the failure is reported instead of a hang.
        sync.replaceSync {
            do {
                try blockUntil("the test to let the held fsync return") { gate.isOpen.withLock { $0 } }
            } catch {
                gate.gaveUp.withLock { $0 = true }
            }
            return nil
        }
        let ticket = sync.latestTicket
        let syncs = sync.syncCount
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    let result = try await store.perform(
                        .purchase(productID: "gems", options: [], confirmed: true))
                    guard case .purchase(.success) = result else {
                        Issue.record("the purchase did not succeed: \(result)")
                        return
                    }
                    gate.answered.withLock { $0 += 1 }
                }
            }
            // All eight commit (in one SQLite transaction or several) while the first fsync is
            // held: the store is not blocked by it. Another connection sees what is committed.
            let reader = try SQLiteConnection(
                path: directory.appendingPathComponent("ledger.sqlite").path, readOnly: true)
            try await waitUntil("eight purchases committed while an fsync was held") {
                try Self.count(reader) == 8
            }
            #expect(sync.latestTicket > ticket)
            #expect(
                gate.answered.withLock { $0 } == 0, "a purchase was answered before its commit was durable")
            gate.isOpen.withLock { $0 = true }
            try await group.waitForAll()
        }
        #expect(!gate.gaveUp.withLock { $0 }, "the held fsync gave up before the test let it return")
        #expect(gate.answered.withLock { $0 } == 8)
        #expect(sync.syncCount - syncs < 8, "\(sync.syncCount - syncs) fsyncs for 8 purchases")
        #expect(try await store.acting(for: nil).all().count == 8)
    }
}

extension GroupCommitTests {
    static func count(_ reader: SQLiteConnection) throws(LedgerError) -> Int {
        var count = 0
        try reader.query("SELECT COUNT(*) FROM transactions") { count = Int($0.integer(0)) }
        return count
    }
}

extension SimulatedStore {
    func groupSyncForTests() -> GroupSync? { ledger.groupSync }
}

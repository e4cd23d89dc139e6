import Foundation
import Simulator
import StoreCore
import Testing

/// The ledger refuses a second writer instead of letting two stores overwrite each other's
/// rows (the data loss of two processes each keeping their own store over one file).
@Suite struct LedgerSingleWriterTests {
    func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "kiosk-writer-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func aSecondWriterFailsLoudlyAndOverwritesNothing() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = try SimulatedStore.makeForTest(location: .directory(directory))
        // A second store on the same file, as an older Kiosk in another process would open it.
        let second = try SimulatedStore.makeForTest(location: .directory(directory))
        guard case .success(let bought) = try await second.purchase("lifetime") else {
            Issue.record("the second store's purchase failed")
            return
        }
        // The first store allocated the same next ID in memory; its write must not land.
        await #expect {
            _ = try await first.purchase("basic.monthly")
        } throws: { error in
            "\(error)".contains("another process wrote to this ledger")
                && "\(error)".contains(directory.appendingPathComponent("ledger.sqlite").path)
        }
        let reopened = try SimulatedStore.makeForTest(location: .directory(directory))
        let records = try await reopened.transactionRecords()
        #expect(records.map(\.id) == [bought.unsafePayloadValue.id])
        #expect(records.first?.transaction.unsafePayloadValue.productID == "lifetime")
    }

    @Test func anUpdateLogRecordsEveryUpdateInOrderAcrossReopening() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var ids: [UInt64] = []
        do {
            let store = try SimulatedStore.makeForTest(location: .directory(directory))
            try await store.apply(.askToBuy(true))
            _ = try await store.purchase("lifetime")
            let pending = try await store.transactionRecords().first { $0.state == .pendingApproval }
            let id = try #require(pending?.id)
            try await store.approveAskToBuy(id)
            try await store.refund(id, reason: .other)
            ids = [id, id]
        }
        let reopened = try SimulatedStore.makeForTest(location: .directory(directory))
        let fresh = try await reopened.subscribeToUpdateLog(account: "tester", after: nil)
        #expect(fresh.isFresh && fresh.head >= 2)
        let resumed = try await reopened.subscribeToUpdateLog(account: "tester", after: 0)
        #expect(!resumed.isFresh)
        #expect(resumed.backlog.map(\.transaction.unsafePayloadValue.id) == ids)
        #expect(resumed.backlog.map(\.sequence) == resumed.backlog.map(\.sequence).sorted())
        // The refund is the last update: the transaction as it is now, revoked.
        #expect(resumed.backlog.last?.transaction.unsafePayloadValue.revocationDate != nil)
        let unknown = try await reopened.subscribeToUpdateLog(account: "tester", after: 9_999)
        #expect(unknown.isFresh, "a position from another ledger starts afresh")
    }
}

import Foundation
import StoreCore
import TestSupport
import Testing

@testable import Simulator

/// The WAL is copied back by the checkpointing thread, not by the commit that fills it: the
/// log stays bounded, the writer never takes the checkpoint for another process's write, and
/// everything committed is in the main file once the store is gone.
@Suite struct CheckpointerTests {
    @Test func theCheckpointerKeepsTheLogBoundedWithoutDisturbingTheWriter() async throws {
        let directory = try temporaryDirectory("kiosk-checkpoint")
        defer { try? FileManager.default.removeItem(at: directory) }
        let ledgerPath = directory.appendingPathComponent("ledger.sqlite").path
        var store: SimulatedStore? = try SimulatedStore.makeForTest(location: .directory(directory))
        let checkpointer = try #require(await store?.checkpointerForTests())
        let purchases = 600
        for index in 0..<purchases {
            let result = try await store!.perform(.purchase(productID: "gems", options: [], confirmed: true))
            guard case .purchase(.success) = result else {
                Issue.record("purchase \(index) did not succeed: \(result)")
                return
            }
        }
        // The log passed the checkpointer's threshold many times over (each commit writes a
        // handful of pages), so the thread ran, and the writer never hit its own limit.
        try await waitUntil("the checkpointer ran") { checkpointer.runs > 0 }
        let walBytes = Self.size(ledgerPath + "-wal")
        #expect(
            walBytes < Int(Checkpointer.writerPages) * 4096,
            "the WAL grew to \(walBytes) bytes: it should restart after each checkpoint")
        // The writer still takes only other writers for other writers: one more purchase works.
        let last = try await store!.perform(.purchase(productID: "gems", options: [], confirmed: true))
        guard case .purchase(.success) = last else {
            Issue.record("a purchase after a checkpoint failed: \(last)")
            return
        }
        store = nil
        // A fresh reader of the main file and log sees every purchase.
        let reader = try SQLiteConnection(path: ledgerPath, readOnly: true)
        var count = 0
        try reader.query("SELECT COUNT(*) FROM transactions") { count = Int($0.integer(0)) }
        #expect(count == purchases + 1)
    }

    private static func size(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? 0
    }
}

extension SimulatedStore {
    func checkpointerForTests() -> Checkpointer? { ledger.checkpointer }
}

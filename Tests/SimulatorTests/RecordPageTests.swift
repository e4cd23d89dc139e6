import Foundation
import StoreCore
import TestSupport
import Testing

@testable import Simulator

/// A page of records comes from the ledger when the account's history is not in memory (a
/// store just opened), and matches what the whole history says.
@Suite struct RecordPageTests {
    @Test func aPageReadFromTheLedgerMatchesTheWholeHistory() async throws {
        let directory = try temporaryDirectory("kiosk-pages")
        defer { try? FileManager.default.removeItem(at: directory) }
        var bought: [UInt64] = []
        do {
            let store = try SimulatedStore.makeForTest(location: .directory(directory))
            for _ in 0..<9 {
                let result = try await store.purchase("gems")
                guard case .success(let verified) = result else {
                    Issue.record("the purchase did not succeed: \(result)")
                    return
                }
                bought.append(verified.unsafePayloadValue.id)
            }
            // A deleted transaction is neither shown nor counted.
            _ = try await store.perform(.deleteTransaction(transactionID: bought.remove(at: 4)))
        }
        let reopened = try SimulatedStore.makeForTest(location: .directory(directory))
        let page = try await reopened.snapshot(groupID: nil, recordLimit: 3)
        #expect(page.records.map(\.id) == Array(bought.reversed().prefix(3)))
        #expect(page.recordCount == 8)
        let whole = try await reopened.transactionRecords()
        #expect(whole.map(\.id) == bought.reversed())
        // Once the whole account is in memory, a page from it says the same.
        #expect(try await reopened.snapshot(groupID: nil, recordLimit: 3).records == page.records)
    }
}

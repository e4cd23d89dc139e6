import Foundation
import StoreCore
import Testing

/// A snapshot carries the account's newest records, as many as asked for, and how many there
/// are: the Transaction Manager reads a long history a page at a time, on every backend.
@Suite final class SnapshotPagingTests: Sendable {
    let servers = BackendServers()
    @Test(arguments: Backend.allCases)
    func aSnapshotCarriesTheNewestRecordsAskedForAndTheCount(_ backend: Backend) async throws {
        let (store, _) = try backend.make(servers)
        var bought: [UInt64] = []
        for _ in 0..<7 {
            let result = try await store.purchase(Demo.credits)
            guard case .success(let verified) = result else {
                Issue.record("the purchase did not go through: \(result)")
                return
            }
            bought.append(verified.unsafePayloadValue.id)
        }
        let page = try await store.snapshot(groupID: nil, recordLimit: 3)
        #expect(page.records.map(\.id) == Array(bought.reversed().prefix(3)))
        #expect(page.recordCount == 7 && page.hasOlderRecords)
        let whole = try await store.snapshot(groupID: nil, recordLimit: 50)
        #expect(whole.records.map(\.id) == bought.reversed())
        #expect(whole.recordCount == 7 && !whole.hasOlderRecords)
        // The default is one page: all seven fit.
        #expect(try await store.snapshot(groupID: nil).records.count == 7)
        #expect(try await store.transactionRecords().count == 7)
    }
}

import Foundation
import StoreCore
import Testing

/// A pending purchase answers with the transaction it left waiting, on every backend and
/// under concurrent buyers of one product (issue 22, item 5): each buyer can approve or
/// decline its own purchase, never another's. A refused advance by periods moves nothing,
/// over the wire too (item 3).
@Suite final class PendingPurchaseIdentityTests: Sendable {
    let servers = BackendServers()
    @Test(arguments: Backend.allCases)
    func concurrentBuyersEachGetTheirOwnPendingTransaction(backend: Backend) async throws {
        let (store, _) = try backend.make(servers)
        try await store.apply(.askToBuy(true))
        let ids = try await withThrowingTaskGroup(of: [UInt64].self) { group in
            for _ in 0..<4 {
                group.addTask {
                    var ids: [UInt64] = []
                    for _ in 0..<10 {
                        guard case .pending(let id) = try await store.purchase(Demo.filmPack) else {
                            Issue.record("an Ask to Buy purchase did not wait")
                            continue
                        }
                        ids.append(id)
                    }
                    return ids
                }
            }
            return try await group.reduce(into: []) { $0 += $1 }
        }
        #expect(ids.count == 40 && Set(ids).count == 40, "\(ids.sorted())")
        let waiting = try await store.transactionRecords().filter { $0.state == .pendingApproval }
        #expect(Set(waiting.map(\.id)) == Set(ids))
        // The answer's ID is the one to approve: approving it delivers that purchase.
        let first = try #require(ids.first)
        try await store.approveAskToBuy(first)
        #expect(try await store.transactionRecords().first { $0.id == first }?.state == .purchased)
    }

    @Test(arguments: Backend.allCases)
    func aRetriedPendingPurchaseAnswersWithTheSameTransaction(backend: Backend) async throws {
        let (store, _) = try backend.make(servers)
        try await store.apply(.askToBuy(true))
        let options: [PurchaseOption] = [.idempotencyKey("retry-1")]
        let first = try await store.purchase(Demo.filmPack, options: options)
        #expect(try await store.purchase(Demo.filmPack, options: options) == first)
        guard case .pending = first else {
            Issue.record("not pending: \(first)")
            return
        }
    }

    @Test(arguments: Backend.allCases)
    func aRefusedAdvanceByPeriodsMovesNothing(backend: Backend) async throws {
        let (store, _) = try backend.make(servers)
        guard case .success = try await store.purchase(Demo.proMonthly) else {
            Issue.record("the subscription was not bought")
            return
        }
        let before = try await store.snapshot(groupID: Demo.group)
        await #expect(throws: StoreError.self) {
            _ = try await store.advanceClock(periods: 200, groupID: Demo.group)
        }
        let after = try await store.snapshot(groupID: Demo.group)
        #expect(after.clock == before.clock)
        #expect(after.records == before.records && after.notifications == before.notifications)
        #expect(before.latestClock != nil && after.latestClock == before.latestClock)
    }
}

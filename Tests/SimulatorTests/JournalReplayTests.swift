import Foundation
import StoreCore
import Testing

@testable import Simulator

/// A purchase retried with its idempotency key (a client that lost the answer, or took the
/// state over from an owner killed before it answered) is one purchase in the journal too, as
/// in the ledger (issue 38, item 2): the QA journal and report show it once.
@Suite struct JournalReplayTests {
    func buy(_ store: SimulatedStore, _ product: String, key: String, askToBuy: Bool = false)
        async throws -> PurchaseResult
    {
        let options: [PurchaseOption] = [.idempotencyKey(key)] + (askToBuy ? [.simulatesAskToBuy(true)] : [])
        let result = try await store.perform(
            StoreRequest.purchase(productID: product, options: options, confirmed: true))
        guard case .purchase(let purchase) = result else {
            Issue.record("a purchase answered \(result)")
            return .userCancelled
        }
        return purchase
    }

    @Test func aPurchaseRetriedWithItsKeyIsJournaledOnce() async throws {
        let store = try SimulatedStore.makeForTest()
        let first = try await buy(store, "gems", key: "k1")
        let again = try await buy(store, "gems", key: "k1")
        guard case .success(let bought) = first, case .success(let replayed) = again else {
            Issue.record("the purchases gave \(first) and \(again)")
            return
        }
        #expect(bought.unsafePayloadValue.id == replayed.unsafePayloadValue.id)
        let purchases = try await store.journal().filter { $0.action == "Purchasing gems" }
        #expect(purchases.map(\.result) == ["purchased \(bought.unsafePayloadValue.id)"], "\(purchases)")
        #expect(purchases.first?.transactionIDs == [bought.unsafePayloadValue.id])
    }

    @Test func aPendingPurchaseRetriedWithItsKeyIsJournaledOnce() async throws {
        let store = try SimulatedStore.makeForTest()
        let first = try await buy(store, "gems", key: "ask-1", askToBuy: true)
        let again = try await buy(store, "gems", key: "ask-1", askToBuy: true)
        guard case .pending(let id) = first, case .pending(let replayed) = again else {
            Issue.record("the purchases gave \(first) and \(again)")
            return
        }
        #expect(id == replayed)
        let purchases = try await store.journal().filter { $0.action == "Purchasing gems" }
        #expect(purchases.count == 1, "\(purchases.map(\.result))")
    }

    /// A key reused for another purchase is refused, and the refusal is a line of its own: it is
    /// not the first purchase retried.
    @Test func aKeyReusedForAnotherPurchaseIsJournaledAsItsFailure() async throws {
        let store = try SimulatedStore.makeForTest()
        _ = try await buy(store, "gems", key: "k2")
        await #expect(throws: StoreError.self) { _ = try await buy(store, "season", key: "k2") }
        let lines = try await store.journal()
        let refused = try #require(lines.last)
        #expect(refused.action == "Purchasing season" && refused.result.hasPrefix("failed: "), "\(refused)")
        #expect(lines.filter { $0.action == "Purchasing gems" }.count == 1)
    }
}

import Foundation
import StoreCore
import Testing

@testable import Simulator

/// The due-event index's entries an action writes with its changes: one for each subscription
/// it may have moved, with the date the engine must next act on it.
@Suite struct DueIndexTests {
    @Test func anActionThatTouchesNoSubscriptionHasNoEntries() throws {
        let parts = try StoreParts()
        var action = parts.action()
        action.put(AccountRecord.new(StoreAccount(name: "carol"), at: parts.now))
        #expect(DueIndex.entries(action).isEmpty)
    }

    @Test func aNewSubscriptionIsDueAtItsExpiration() throws {
        let parts = try StoreParts()
        var action = parts.action()
        let outcome = try action.purchase(
            PurchaseRequest(productID: "pro.monthly", options: []), account: "tester", origin: .app,
            checker: nil)
        guard case .purchased(let id) = outcome else {
            Issue.record("not purchased: \(outcome)")
            return
        }
        let expiration = try #require(action.transaction(id)?.transaction.expirationDate)
        let key = SubscriptionChain.Key(account: "tester", groupID: TestCatalog.group)
        #expect(DueIndex.entries(action) == [key: DueEntry(due: expiration, isInRetry: false)])
    }

    /// A ledger whose index is built already is left as it is.
    @Test func anIndexIsBuiltOnce() throws {
        let parts = try StoreParts()
        #expect(try parts.ledger.hasDueIndex())
        try DueIndex.buildIfNeeded(
            ledger: parts.ledger, state: parts.state, signer: parts.signer, products: parts.opened.products)
        #expect(try parts.ledger.hasDueIndex())
    }
}

import Foundation
import Simulator
import StoreCore
import TestSupport
import Testing

@Suite struct PurchaseTests {
    @Test func consumablePurchaseIsUnfinishedUntilFinished() async throws {
        let store = try SimulatedStore.makeForTest()
        let result = try await store.purchase("gems", options: [.quantity(3)])
        guard case .success(let verification) = result else {
            Issue.record("expected success, got \(result)"); return
        }
        let transaction = try verification.payloadValue
        #expect(transaction.purchasedQuantity == 3)
        #expect(transaction.price == Decimal(string: "2.97"))
        #expect(transaction.currencyCode == "USD")
        #expect(try await store.unfinished().map(\.unsafePayloadValue.id) == [transaction.id])
        #expect(try await store.currentEntitlements().isEmpty, "consumables are not entitlements")
        try await store.finish(transaction.id)
        #expect(try await store.unfinished().isEmpty)
    }

    @Test func quantityLimitsFollowStoreKit() async throws {
        let store = try SimulatedStore.makeForTest()
        await #expect(throws: StoreError.purchase(.invalidQuantity)) {
            try await store.purchase("gems", options: [.quantity(11)])
        }
        await #expect(throws: StoreError.purchase(.invalidQuantity)) {
            try await store.purchase("lifetime", options: [.quantity(2)])
        }
        await #expect(throws: StoreError.productNotFound("nope")) { try await store.purchase("nope") }
    }

    @Test func nonConsumableIsEntitledAndBuyingAgainRestoresIt() async throws {
        let store = try SimulatedStore.makeForTest()
        guard case .success(let first) = try await store.purchase("lifetime") else {
            Issue.record("no success"); return
        }
        guard case .success(let again) = try await store.purchase("lifetime") else {
            Issue.record("no success"); return
        }
        #expect(first.unsafePayloadValue.id == again.unsafePayloadValue.id)
        #expect(try await store.currentEntitlements().map(\.unsafePayloadValue.productID) == ["lifetime"])
    }

    @Test func cancelledPaymentSheetBuysNothing() async throws {
        let store = try SimulatedStore.makeForTest()
        #expect(try await store.purchase("lifetime", options: [], confirmation: .cancel) == .userCancelled)
        let asked = try await store.purchase(
            "lifetime", options: [],
            confirmation: .ask { sheet in
                sheet.product.id == "lifetime" && sheet.account == SimulatedStore.defaultAccount
                    ? false : true
            })
        #expect(asked == .userCancelled)
        #expect(try await store.all().isEmpty)
    }

    @Test func disabledDialogsConfirmOnTheirOwn() async throws {
        let store = try SimulatedStore.makeForTest()
        try await store.apply(.disableDialogs(true))
        #expect(try await store.paymentSheet(for: "lifetime", options: []) == nil)
        let result = try await store.purchase("lifetime", options: [], confirmation: .cancel)
        guard case .success = result else { Issue.record("expected success, got \(result)"); return }
    }

    @Test func idempotencyKeyReturnsTheFirstResult() async throws {
        let store = try SimulatedStore.makeForTest()
        let first = try await store.purchase("gems", options: [.idempotencyKey("k1")])
        let second = try await store.purchase("gems", options: [.idempotencyKey("k1")])
        #expect(first == second)
        #expect(try await store.all().count == 1)
    }

    @Test func simulatedErrorsFailTheChosenAPI() async throws {
        let store = try SimulatedStore.makeForTest()
        try await store.setSimulatedError(.generic(.networkError), for: .loadProducts)
        await #expect(throws: StoreError.storeKit(.networkError)) { try await store.allProducts() }
        try await store.setSimulatedError(.purchase(.purchaseNotAllowed), for: .purchase)
        await #expect(throws: StoreError.purchase(.purchaseNotAllowed)) { try await store.purchase("gems") }
        await #expect(
            throws: StoreError.invalidArgument(
                "Load Products cannot fail with Product.PurchaseError.invalidQuantity")
        ) {
            try await store.setSimulatedError(.purchase(.invalidQuantity), for: .loadProducts)
        }
        try await store.setSimulatedError(nil, for: .purchase)
        try await store.setSimulatedError(.verification(.invalidSignature()), for: .verification)
        let result = try await store.purchase("gems")
        guard case .success(.unverified(_, let error, _)) = result else {
            Issue.record("expected unverified"); return
        }
        #expect(error.isSameCase(as: .invalidSignature()))
    }

    @Test func askToBuyWaitsForApprovalThenArrivesOnUpdates() async throws {
        let store = try SimulatedStore.makeForTest()
        try await store.apply(.askToBuy(true))
        let answer = try await store.purchase("lifetime")
        #expect(try await store.currentEntitlements().isEmpty, "a pending purchase unlocks nothing")
        let pending = try #require(try await store.transactionRecords().first)
        #expect(answer == .pending(transactionID: pending.id), "the answer names its own waiting transaction")
        #expect(pending.state == .pendingApproval)
        let updates = Incoming(await store.updates())
        try await store.approveAskToBuy(pending.id)
        let delivered = try #require(try await updates.next(waitingFor: "the approved purchase"))
        #expect(delivered.unsafePayloadValue.productID == "lifetime")
        #expect(try await store.currentEntitlements().count == 1)
    }

    @Test func declinedAskToBuyNeverReachesTheApp() async throws {
        let store = try SimulatedStore.makeForTest()
        try await store.apply(.askToBuy(true))
        _ = try await store.purchase("lifetime")
        let pending = try #require(try await store.transactionRecords().first)
        let events = Incoming(await store.events())
        try await store.declineAskToBuy(pending.id)
        #expect(
            try await events.next(waitingFor: "the decline event")
                == .askToBuyDeclined(transactionID: pending.id, productID: "lifetime"))
        #expect(try await store.all().isEmpty)
        #expect(try await store.transactionRecords().first?.state == .declined)
        await #expect(throws: StoreError.self) { try await store.approveAskToBuy(pending.id) }
    }

    @Test func refundRevokesTheEntitlement() async throws {
        let store = try SimulatedStore.makeForTest()
        guard case .success(let bought) = try await store.purchase("lifetime") else {
            Issue.record("purchase failed")
            return
        }
        let id = bought.unsafePayloadValue.id
        try await store.refund(id, reason: .developerIssue)
        let refunded = try #require(try await store.latest(for: "lifetime")).unsafePayloadValue
        #expect(refunded.revocationReason == .developerIssue)
        #expect(refunded.revocationType == .refundFull)
        #expect(refunded.revocationDate != nil)
        #expect(try await store.currentEntitlements().isEmpty)
        await #expect(throws: StoreError.invalidAction("transaction \(id) is already refunded")) {
            try await store.refund(id, reason: .other)
        }
    }
}

import Foundation
import PurchaseManager
import StoreKitTest
import Testing

extension PurchaseManager {
    struct MissingProduct: Error { var id: String }

    /// The loaded product with this identifier, or an error naming it.
    func require(_ id: String) throws -> Product {
        guard let product = product(id) else { throw MissingProduct(id: id) }
        return product
    }
}

/// The purchase manager's behaviour, through SKTestSession. One App Store per process: the
/// tests run one at a time.
@Suite(.serialized) @MainActor struct PurchaseManagerTests {
    func launch(_ configure: (SKTestSession) -> Void = { _ in }) async throws -> (
        SKTestSession, PurchaseManager
    ) {
        let session = try SKTestSession(configurationFileNamed: "Lumen")
        session.disableDialogs = true
        configure(session)
        let manager = PurchaseManager()
        try await session.waitForTransactionListener()  // its detached listener is running
        try await manager.loadProducts()
        await manager.refresh()
        return (session, manager)
    }

    @Test func buyingProUnlocksIt() async throws {
        let (session, manager) = try await launch()
        #expect(!manager.hasPro)
        #expect(try await manager.buy(manager.require(PurchaseManager.lifetimeID)))
        #expect(manager.hasPro)
        #expect(await session.mistakes.isEmpty)
    }

    @Test func creditsAddUp() async throws {
        let (session, manager) = try await launch()
        let pack = try #require(manager.product(PurchaseManager.creditsID))
        try await manager.buy(pack)
        try await manager.buy(pack, options: [.quantity(3)])
        #expect(manager.credits == 40)
        #expect(await session.mistakes.isEmpty)
    }

    @Test func cancellingBuysNothing() async throws {
        let (session, manager) = try await launch {
            $0.disableDialogs = false  // a sheet to close, as on a device
            $0.userCancelsPurchases = true
        }
        #expect(try await !manager.buy(manager.require(PurchaseManager.lifetimeID)))
        #expect(!manager.hasPro)
        #expect(session.allTransactions().isEmpty)
    }

    @Test func askToBuyApproved() async throws {
        let (session, manager) = try await launch { $0.askToBuyEnabled = true }
        #expect(try await !manager.buy(manager.require(PurchaseManager.lifetimeID)))
        #expect(manager.awaitingApproval == [PurchaseManager.lifetimeID])
        let pending = try #require(
            session.allTransactions().first { $0.pendingAskToBuyConfirmation })
        try session.approveAskToBuyTransaction(identifier: UInt(pending.identifier))
        await session.waitForPendingUpdates()
        #expect(manager.hasPro)
        #expect(manager.awaitingApproval.isEmpty)
        #expect(await session.mistakes.isEmpty)
    }

    @Test func askToBuyDeclined() async throws {
        let (session, manager) = try await launch { $0.askToBuyEnabled = true }
        try await manager.buy(manager.require(PurchaseManager.lifetimeID))
        let pending = try #require(session.allTransactions().first)
        try session.declineAskToBuyTransaction(identifier: pending.identifier)
        await session.waitForPendingUpdates()
        await manager.refresh()
        #expect(!manager.hasPro)
    }

    @Test func aRefundRevokesPro() async throws {
        let (session, manager) = try await launch()
        try await manager.buy(manager.require(PurchaseManager.lifetimeID))
        let bought = try #require(session.allTransactions().first)
        try session.refundTransaction(identifier: bought.identifier)
        await session.waitForPendingUpdates()
        #expect(!manager.hasPro)
        #expect(await session.mistakes.isEmpty)
    }

    @Test func theTrialRenewsThenExpiryRevokes() async throws {
        let (session, manager) = try await launch()
        try await manager.buy(manager.require(PurchaseManager.proMonthlyID))
        #expect(manager.hasPro)
        try await session.advance(by: 8 * 86_400)
        await session.waitForPendingUpdates()
        #expect(manager.subscriptionState == .subscribed)
        try session.expireSubscription(productIdentifier: PurchaseManager.proMonthlyID)
        await session.waitForPendingUpdates()
        #expect(!manager.hasPro)
        #expect(manager.subscriptionState == .expired)
        #expect(await session.mistakes.isEmpty)
    }

    @Test func billingRetryWithGraceKeepsProThenLosesIt() async throws {
        let (session, manager) = try await launch {
            $0.shouldEnterBillingRetryOnRenewal = true
            $0.billingGracePeriodIsEnabled = true
        }
        try await manager.buy(manager.require(PurchaseManager.proMonthlyID))
        try await session.advance(by: 8 * 86_400)
        await session.waitForPendingUpdates()
        await manager.refresh()
        #expect(manager.subscriptionState == .inGracePeriod)
        #expect(manager.hasPro)
        try await session.advance(by: 30 * 86_400)
        await session.waitForPendingUpdates()
        await manager.refresh()
        #expect(manager.subscriptionState == .inBillingRetryPeriod)
        #expect(!manager.hasPro)
    }

    @Test func anOfferCodeIsApplied() async throws {
        let (session, manager) = try await launch()
        try await manager.buy(
            manager.require(PurchaseManager.proAnnualID), options: [.codeOffer(referenceName: "FRIENDS3")])
        #expect(manager.hasPro)
        let latest = try #require(await Transaction.latest(for: PurchaseManager.proAnnualID))
        #expect(try latest.payloadValue.offer?.type == .code)
        #expect(await session.mistakes.isEmpty)
    }

    @Test func anUnfinishedTransactionIsDeliveredAgainAtLaunch() async throws {
        let session = try SKTestSession(configurationFileNamed: "Lumen")
        // A purchase the app never finished (it crashed before `finish()`).
        let product = try #require(try await Product.products(for: [PurchaseManager.lifetimeID]).first)
        _ = try await product.purchase()
        let manager = PurchaseManager()
        try await session.waitForTransactionListener()  // and it handled what it was given
        #expect(manager.entitlements == [PurchaseManager.lifetimeID])
        #expect(await session.mistakes.filter { $0.kind == .unfinishedTransaction }.isEmpty)
    }
}

import Foundation
import KioskStoreKit
import KioskStoreKitTest
import Testing

/// A purchase manager written the StoreKit 2 way, driven through `SKTestSession`: one store per
/// process, so the sessions run one at a time, as Apple's do.
extension StoreKitSessionTests {
    @Suite @MainActor struct PurchaseFlowTests {
        static let lifetime = "com.kiosk.lumen.lifetime"
        static let credits = "com.kiosk.lumen.aicredits10"
        static let proMonthly = "com.kiosk.lumen.pro.monthly"
        static let proAnnual = "com.kiosk.lumen.pro.annual"

        func start(_ configure: (SKTestSession) -> Void = { _ in }) async throws -> (
            SKTestSession, LumenStore
        ) {
            let session = try SKTestSession(configurationFileNamed: "Lumen")
            session.disableDialogs = true
            configure(session)
            let store = LumenStore()
            try await session.waitForTransactionListener()
            try await store.requestProducts()
            await store.updateCustomerProductStatus()
            return (session, store)
        }

        @Test func productsAreLocalizedAndUnknownIdentifiersLeftOut() async throws {
            let (_, store) = try await start()
            #expect(
                Set(store.products.map(\.id)) == [
                    Self.lifetime, Self.credits, Self.proMonthly, Self.proAnnual,
                ])
            let pro = try #require(store.product(Self.proMonthly))
            #expect(pro.type == .autoRenewable)
            #expect(pro.displayPrice.hasPrefix("$"))
            let subscription = try #require(pro.subscription)
            #expect(subscription.subscriptionPeriod == .monthly)
            #expect(subscription.introductoryOffer?.paymentMode == .freeTrial)
            #expect(await subscription.isEligibleForIntroOffer)
            #expect(store.product(Self.credits)?.type == .consumable)
        }

        @Test func buyingANonConsumableEntitlesAndFinishes() async throws {
            let (session, store) = try await start()
            let transaction = try #require(try await store.buy(Self.lifetime))
            await store.updateCustomerProductStatus()
            #expect(store.purchasedProductIDs == [Self.lifetime])
            #expect(transaction.productType == .nonConsumable)
            #expect(transaction.ownershipType == .purchased)
            #expect(!VerificationResult.verified(transaction).jwsRepresentation.isEmpty)
            #expect(await session.mistakes == [])
            let latest = try #require(await Transaction.latest(for: Self.lifetime))
            #expect(try latest.payloadValue.id == transaction.id)
        }

        @Test func consumableCreditsAddUpAndAreNotEntitlements() async throws {
            let (session, store) = try await start()
            let pack = try #require(store.product(Self.credits))
            try await store.purchase(pack)
            try await store.purchase(pack, options: [.quantity(2)])
            #expect(store.credits == 30)
            await store.updateCustomerProductStatus()
            #expect(store.purchasedProductIDs.isEmpty)
            #expect(await session.mistakes == [])
        }

        @Test func askToBuyApprovedArrivesThroughUpdates() async throws {
            let (session, store) = try await start { $0.askToBuyEnabled = true }
            let result = try await store.buy(Self.lifetime)
            #expect(result == nil)
            #expect(store.pendingProductIDs == [Self.lifetime])
            let asked = try #require(session.allTransactions().first)
            #expect(asked.pendingAskToBuyConfirmation)
            try session.approveAskToBuyTransaction(identifier: asked.identifier)
            await session.waitForPendingUpdates()
            #expect(store.purchasedProductIDs == [Self.lifetime])
            #expect(store.pendingProductIDs.isEmpty)
            #expect(await session.mistakes == [])
        }

        @Test func askToBuyDeclinedNeverEntitles() async throws {
            let (session, store) = try await start { $0.askToBuyEnabled = true }
            _ = try await store.buy(Self.lifetime)
            let asked = try #require(session.allTransactions().first)
            try session.declineAskToBuyTransaction(identifier: asked.identifier)
            await session.waitForPendingUpdates()
            await store.updateCustomerProductStatus()
            #expect(store.purchasedProductIDs.isEmpty)
        }

        @Test func refundRevokesThroughUpdates() async throws {
            let (session, store) = try await start()
            let bought = try #require(try await store.buy(Self.lifetime))
            await store.updateCustomerProductStatus()
            #expect(store.purchasedProductIDs == [Self.lifetime])
            try session.refundTransaction(identifier: UInt(bought.id))
            await session.waitForPendingUpdates()
            #expect(store.purchasedProductIDs.isEmpty)
            let refunded = try #require(await Transaction.latest(for: Self.lifetime))
            #expect(refunded.unsafePayloadValue.revocationDate != nil)
            #expect(refunded.unsafePayloadValue.revocationReason == .other)
        }

        @Test func subscriptionTrialRenewsAndExpiresAsTimeIsAdvanced() async throws {
            let (session, store) = try await start()
            let first = try #require(try await store.buy(Self.proMonthly))
            #expect(first.offer?.type == .introductory)
            #expect(first.offer?.paymentMode == .freeTrial)
            await store.updateCustomerProductStatus()
            #expect(store.purchasedProductIDs == [Self.proMonthly])
            try await session.advance(by: 8 * 86_400)
            await session.waitForPendingUpdates()
            let status = try #require(
                try await Product.SubscriptionInfo.status(for: first.subscriptionGroupID ?? "").first)
            #expect(status.state == .subscribed)
            #expect(try status.transaction.payloadValue.id != first.id)
            #expect(try status.transaction.payloadValue.originalID == first.id)
            try session.expireSubscription(productIdentifier: Self.proMonthly)
            await session.waitForPendingUpdates()
            await store.updateCustomerProductStatus()
            #expect(store.purchasedProductIDs.isEmpty)
            #expect(await session.mistakes == [])
        }

        @Test func billingRetryAndGracePeriod() async throws {
            let (session, store) = try await start {
                $0.shouldEnterBillingRetryOnRenewal = true
                $0.billingGracePeriodIsEnabled = true
            }
            let first = try #require(try await store.buy(Self.proMonthly))
            try await session.advance(by: 8 * 86_400)
            await session.waitForPendingUpdates()
            let group = try #require(first.subscriptionGroupID)
            let graced = try #require(try await Product.SubscriptionInfo.status(for: group).first)
            #expect(graced.state == .inGracePeriod)
            let renewal = try graced.renewalInfo.payloadValue
            #expect(renewal.gracePeriodExpirationDate != nil)
            await store.updateCustomerProductStatus()
            #expect(store.purchasedProductIDs == [Self.proMonthly])
            try await session.advance(by: 30 * 86_400)
            let retrying = try #require(try await Product.SubscriptionInfo.status(for: group).first)
            #expect(retrying.state == .inBillingRetryPeriod)
            #expect(try retrying.renewalInfo.payloadValue.isInBillingRetry)
        }

        @Test func anOfferCodeAppliesToThePurchase() async throws {
            let (_, store) = try await start()
            let annual = try #require(store.product(Self.proAnnual))
            let transaction = try #require(
                try await store.purchase(annual, options: [.codeOffer(referenceName: "FRIENDS3")]))
            #expect(transaction.offer?.type == .code)
        }

        @Test func anUnfinishedTransactionIsDeliveredAgainAtLaunch() async throws {
            let (session, first) = try await start()
            let bought = try #require(
                try await first.buy(Self.lifetime, finish: false))
            let flagged = await session.mistakes
            #expect(flagged.map(\.kind) == [.unfinishedTransaction])
            #expect(flagged.first?.transactionID == bought.id)
            // The next launch: a new manager's listener is handed the transaction and finishes it.
            let relaunched = LumenStore()
            try await session.waitForTransactionListener()
            #expect(relaunched.purchasedProductIDs == [Self.lifetime])
            #expect(await session.mistakes.filter { $0.kind == .unfinishedTransaction }.isEmpty)
            _ = relaunched
        }
    }
}

import Foundation
import KioskStoreKit
import KioskStoreKitTest
import TestSupport
import Testing

extension StoreKitSessionTests {
    /// The Transaction Manager's subscription actions, as the app sees them.
    @Suite @MainActor struct SubscriptionActionsTests {
        static let monthly = "com.kiosk.lumen.pro.monthly"

        func subscribe() async throws -> (SKTestSession, LumenStore, Transaction) {
            let session = try SKTestSession(configurationFileNamed: "Lumen")
            session.disableDialogs = true
            let store = LumenStore()
            try await session.waitForTransactionListener()
            try await store.requestProducts()
            await store.updateCustomerProductStatus()
            let transaction = try #require(try await store.buy(Self.monthly))
            return (session, store, transaction)
        }

        @Test func autoRenewOffShowsInRenewalInfo() async throws {
            let (session, _, transaction) = try await subscribe()
            try session.disableAutoRenewForTransaction(identifier: Int(transaction.id))
            let status = try #require(
                try await Product.SubscriptionInfo.status(for: transaction.subscriptionGroupID ?? "").first)
            #expect(try status.renewalInfo.payloadValue.willAutoRenew == false)
            let record = try #require(
                session.allTransactions().first { $0.identifier == Int(transaction.id) })
            #expect(record.autoRenewingEnabled == false)
            try session.enableAutoRenewForTransaction(identifier: UInt(transaction.id))
            let again = try #require(
                try await Product.SubscriptionInfo.status(for: transaction.subscriptionGroupID ?? "").first)
            #expect(try again.renewalInfo.payloadValue.willAutoRenew)
        }

        @Test func aForcedRenewalArrivesThroughUpdates() async throws {
            let (session, store, transaction) = try await subscribe()
            try session.forceRenewalOfSubscription(productIdentifier: Self.monthly)
            await session.waitForPendingUpdates()
            let latest = try #require(await Transaction.latest(for: Self.monthly))
            #expect(try latest.payloadValue.id != transaction.id)
            #expect(try latest.payloadValue.reason == .renewal)
            #expect(store.purchasedProductIDs == [Self.monthly])
            #expect(await session.mistakes == [])
        }

        @Test func aPriceIncreaseConsentIsAMessage() async throws {
            let (session, _, transaction) = try await subscribe()
            try session.requestPriceIncreaseConsentForTransaction(identifier: Int(transaction.id))
            let message = try await withDeadline(waitingFor: "the price increase message") {
                var messages = Message.messages.makeAsyncIterator()
                return await messages.next()
            }
            #expect(message?.reason == .priceIncreaseConsent)
            #expect(message?.productID == Self.monthly)
            try session.consentToPriceIncreaseForTransaction(identifier: Int(transaction.id))
            let status = try #require(
                try await Product.SubscriptionInfo.status(for: transaction.subscriptionGroupID ?? "").first)
            #expect(try status.renewalInfo.payloadValue.priceIncreaseStatus == .agreed)
        }

        @Test func aStorefrontSettingPricesInItsCurrency() async throws {
            let session = try SKTestSession(configurationFileNamed: "Lumen")
            session.storefront = "DEU"
            #expect(await Storefront.current?.countryCode == "DEU")
            let product = try #require(try await Product.products(for: [Self.monthly]).first)
            #expect(product.displayPrice.contains("€"))
        }
    }
}

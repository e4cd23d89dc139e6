// Apple's sample store, in the Swift 5 language mode only (see SampleStore.swift).
#if !swift(>=6.0)
    import Foundation
    import PurchaseManager
    import StoreKit
    import StoreKitTest
    import Testing

    extension PurchaseManagerTests {
        @Test func applesSampleStoreBuysAndHearsOfARefund() async throws {
            let session = try SKTestSession(configurationFileNamed: "Lumen")
            session.disableDialogs = true
            let store = SampleStore(productIDs: [PurchaseManager.lifetimeID, PurchaseManager.proMonthlyID])
            try await session.waitForTransactionListener()
            await store.requestProducts()
            await store.updateCustomerProductStatus()
            let lifetime = try #require(store.nonConsumables.first)
            let transaction = try #require(try await store.purchase(lifetime))
            #expect(store.purchasedNonConsumables.map(\.id) == [PurchaseManager.lifetimeID])
            try await session.refundTransaction(identifier: Int(transaction.id))
            await session.waitForPendingUpdates()
            #expect(store.purchasedNonConsumables.isEmpty)
            let monthly = try #require(store.subscriptions.first)
            _ = try #require(try await store.purchase(monthly))
            #expect(store.subscriptionGroupStatus == .subscribed)
            #expect(await session.mistakes.isEmpty)
        }
    }
#endif

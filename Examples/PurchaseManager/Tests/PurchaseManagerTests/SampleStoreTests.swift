// Apple's sample store, in the Swift 5 language mode only (see SampleStore.swift).
#if !swift(>=6.0)
    import Foundation
    import PurchaseManager
    import StoreKitTest
    import Testing

    extension PurchaseManagerTests {
        @Test func applesSampleStoreBuysAndHearsOfARefund() async throws {
            let session = try SKTestSession(configurationFileNamed: "Lumen")
            session.disableDialogs = true
            let store = SampleStore(productIDs: [PurchaseManager.lifetimeID, PurchaseManager.proMonthlyID])
            var changes = 0
            let watching = store.objectWillChange.sink { changes += 1 }  // as a SwiftUI view watches it
            try await session.waitForTransactionListener()
            await store.requestProducts()
            await store.updateCustomerProductStatus()
            let lifetime = try #require(store.nonConsumables.first)
            let transaction = try #require(try await store.purchase(lifetime))
            #expect(store.purchasedNonConsumables.map(\.id) == [PurchaseManager.lifetimeID])
            try session.refundTransaction(identifier: UInt(transaction.id))
            await session.waitForPendingUpdates()
            #expect(store.purchasedNonConsumables.isEmpty)
            let monthly = try #require(store.subscriptions.first)
            _ = try #require(try await store.purchase(monthly))
            #expect(store.subscriptionGroupStatus == .subscribed)
            #expect(await session.mistakes.isEmpty)
            #expect(changes >= 4)  // products, entitlements, the refund, the subscription
            watching.cancel()
        }
    }
#endif

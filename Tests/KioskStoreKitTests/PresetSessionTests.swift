import Foundation
import KioskStoreKit
import KioskStoreKitTest
import Testing

extension StoreKitSessionTests {
    /// Sessions that start from a preset (`kiosk preset list`): the app launches into that state.
    @Suite @MainActor struct PresetSessionTests {
        @Test func aBillingRetryPresetNeedsNoSetup() async throws {
            let session = try SKTestSession(configurationFileNamed: "Lumen", preset: "billing-retry")
            let store = LumenStore()
            try await session.waitForTransactionListener()
            try await store.requestProducts()
            let monthly = try #require(store.product(StoreKitSessionTests.PurchaseFlowTests.proMonthly))
            let status = try #require(try await monthly.subscription?.status.first)
            #expect(status.state == .inBillingRetryPeriod)
            await store.updateCustomerProductStatus()
            #expect(store.purchasedProductIDs.isEmpty)
            #expect(await session.mistakes == [])
        }

        @Test func aLifetimeOwnerLaunchesEntitled() async throws {
            let session = try SKTestSession(configurationFileNamed: "Lumen", preset: "lifetime-owner")
            let store = LumenStore()
            try await session.waitForTransactionListener()
            await store.updateCustomerProductStatus()
            #expect(store.purchasedProductIDs == [StoreKitSessionTests.PurchaseFlowTests.lifetime])
            #expect(session.allTransactions().count == 1)
            #expect(await session.mistakes == [])
        }

        @Test func anUnknownPresetNamesTheKnownOnes() throws {
            let error = try #require(throws: SKTestError.self) {
                try SKTestSession(configurationFileNamed: "Lumen", preset: "biling-retry")
            }
            #expect(error.code == .invalidAction)
            #expect(error.message.contains("billing-retry"))
            #expect(error.message.contains("kiosk preset list"))
        }
    }
}

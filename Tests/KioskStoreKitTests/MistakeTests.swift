import Foundation
import KioskStoreKit
import KioskStoreKitTest
import Simulator
import StoreCore
import Testing

/// Each mistake of the StoreKit 2 guides that the store can see, made on purpose and flagged.
extension StoreKitSessionTests {
    @Suite @MainActor struct MistakeTests {
        @Test func anUpdateWithNoListenerRunningIsFlagged() async throws {
            let session = try SKTestSession(configurationFileNamed: "Lumen")
            let store = LumenStore(listen: false)
            try await store.requestProducts()
            await store.updateCustomerProductStatus()
            let bought = try #require(
                try await store.buy(StoreKitSessionTests.PurchaseFlowTests.lifetime))
            await store.updateCustomerProductStatus()
            try session.refundTransaction(identifier: Int(bought.id))
            let mistakes = await session.mistakes
            #expect(mistakes.map(\.kind) == [.updateWithoutListener])
            #expect(mistakes.first?.transactionID == bought.id)
            // Its consequence: the app still shows the refunded purchase as owned.
            #expect(store.purchasedProductIDs == [StoreKitSessionTests.PurchaseFlowTests.lifetime])
        }

        @Test func aPurchaseBeforeListeningOrReadingEntitlementsIsFlagged() async throws {
            let session = try SKTestSession(configurationFileNamed: "Lumen")
            let store = LumenStore(listen: false)
            try await store.requestProducts()
            try await store.buy(StoreKitSessionTests.PurchaseFlowTests.credits)
            #expect(await session.mistakes.map(\.kind) == [.purchaseBeforeListening])
            // The same mistake is a line of the QA journal, from the app's own source.
            let lines = try await session.simulator.journal()
            let line = try #require(lines.first { $0.action == "StoreKit mistake: purchaseBeforeListening" })
            #expect(line.source == .storekit)
            #expect(line.result.contains("com.kiosk.lumen.aicredits10"))
            #expect(lines.contains { $0.source == .storekit && $0.action.hasPrefix("Purchasing") })
        }

        @Test func finishingAnUnverifiedTransactionIsFlagged() async throws {
            let session = try SKTestSession(configurationFileNamed: "Lumen")
            try await session.setSimulatedError(.verification(.invalidSignature), forAPI: .verification)
            let store = LumenStore()
            try await session.waitForTransactionListener()
            try await store.requestProducts()
            await store.updateCustomerProductStatus()
            let product = try #require(store.product(StoreKitSessionTests.PurchaseFlowTests.lifetime))
            // The careless way: finish whatever came, verified or not.
            guard case .success(let result) = try await product.purchase() else {
                Issue.record("the purchase did not succeed")
                return
            }
            guard case .unverified(let transaction, let error) = result else {
                Issue.record("expected an unverified transaction, got \(result)")
                return
            }
            #expect(error == .invalidSignature)
            await transaction.finish()
            #expect(await session.mistakes.map(\.kind) == [.finishedUnverifiedTransaction])
        }

        @Test func anUnfinishedTransactionIsFlaggedUntilFinished() async throws {
            let session = try SKTestSession(configurationFileNamed: "Lumen")
            let store = LumenStore()
            try await session.waitForTransactionListener()
            try await store.requestProducts()
            await store.updateCustomerProductStatus()
            let transaction = try #require(
                try await store.buy(StoreKitSessionTests.PurchaseFlowTests.credits, finish: false))
            #expect(await session.mistakes.map(\.kind) == [.unfinishedTransaction])
            await transaction.finish()
            #expect(await session.mistakes == [])
        }
    }
}

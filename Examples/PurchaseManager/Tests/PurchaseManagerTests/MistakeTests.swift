import Foundation
import PurchaseManager
import Testing

#if os(Linux)  // the mistakes are Kiosk's: Apple's SKTestSession does not report them
    import StoreKitTest

    /// Each mistake Kiosk detects, made on purpose by code that skips a step of the manager.
    extension PurchaseManagerTests {
        @Test func flagsANeverFinishedTransaction() async throws {
            let session = try SKTestSession(configurationFileNamed: "Lumen")
            let manager = PurchaseManager()
            try await session.waitForTransactionListener()
            await manager.refresh()
            let product = try #require(try await Product.products(for: [PurchaseManager.creditsID]).first)
            _ = try await product.purchase()  // delivered, never finished
            #expect(await session.mistakes.map(\.kind) == [.unfinishedTransaction])
        }

        @Test func flagsAnUpdateWithNoListener() async throws {
            let session = try SKTestSession(configurationFileNamed: "Lumen")
            try await session.buyProduct(identifier: PurchaseManager.lifetimeID)  // no manager running
            #expect(await session.mistakes.map(\.kind) == [.updateWithoutListener])
        }

        @Test func flagsAPurchaseBeforeListening() async throws {
            let session = try SKTestSession(configurationFileNamed: "Lumen")
            let product = try #require(try await Product.products(for: [PurchaseManager.creditsID]).first)
            if case .success(let result) = try await product.purchase() {
                await result.unsafePayloadValue.finish()
            }
            #expect(await session.mistakes.map(\.kind) == [.purchaseBeforeListening])
        }

        @Test func flagsAFinishedUnverifiedTransaction() async throws {
            let session = try SKTestSession(configurationFileNamed: "Lumen")
            try await session.setSimulatedError(.verification(.invalidSignature), forAPI: .verification)
            let manager = PurchaseManager()
            try await session.waitForTransactionListener()
            await manager.refresh()
            let product = try #require(try await Product.products(for: [PurchaseManager.creditsID]).first)
            if case .success(let result) = try await product.purchase() {
                await result.unsafePayloadValue.finish()
            }
            #expect(await session.mistakes.map(\.kind) == [.finishedUnverifiedTransaction])
        }
    }
#endif

import Foundation
import KioskStoreKit
import KioskStoreKitTest
import Testing

/// `failTransactionsEnabled` and `failureError`, Apple's first way to fail purchases
/// (deprecated in iOS 17, still in older suites), as the app's purchase sees them.
extension StoreKitSessionTests {
    @Suite @MainActor struct FailTransactionsTests {
        static let lifetime = "com.kiosk.lumen.lifetime"

        func purchase() async throws -> Product.PurchaseResult {
            let product = try #require(try await Product.products(for: [Self.lifetime]).first)
            return try await product.purchase()
        }

        @Test func purchasesFailWhileOnAndSucceedOnceTurnedOff() async throws {
            let session = try SKTestSession(configurationFileNamed: "Lumen")
            session.disableDialogs = true
            session.failTransactionsEnabled = true
            let error = await #expect(throws: StoreKitError.self) { _ = try await purchase() }
            guard case .unknown = error else {
                Issue.record("failureError .unknown failed the purchase with \(String(describing: error))")
                return
            }
            #expect(session.allTransactions().isEmpty)

            // Off takes effect at once, with no resetToDefaultState().
            session.failTransactionsEnabled = false
            guard case .success = try await purchase() else {
                Issue.record("the purchase after failTransactionsEnabled = false did not succeed")
                return
            }
            #expect(session.allTransactions().count == 1)
        }

        @Test func failureErrorChoosesThePurchaseError() async throws {
            let session = try SKTestSession(configurationFileNamed: "Lumen")
            session.disableDialogs = true
            session.failureError = .invalidOfferIdentifier
            session.failTransactionsEnabled = true
            await #expect(throws: Product.PurchaseError.invalidOfferIdentifier) { _ = try await purchase() }
            session.failureError = .invalidOfferPrice
            await #expect(throws: Product.PurchaseError.invalidOfferPrice) { _ = try await purchase() }
        }

        @Test func resetToDefaultStateTurnsItOff() async throws {
            let session = try SKTestSession(configurationFileNamed: "Lumen")
            session.disableDialogs = true
            session.failTransactionsEnabled = true
            session.resetToDefaultState()
            session.disableDialogs = true
            #expect(!session.failTransactionsEnabled)
            guard case .success = try await purchase() else {
                Issue.record("a purchase after resetToDefaultState() did not succeed")
                return
            }
        }
    }
}

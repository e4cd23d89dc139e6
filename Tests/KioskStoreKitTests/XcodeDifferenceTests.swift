import Foundation
import KioskStoreKit
import KioskStoreKitTest
import Testing

/// Where Xcode's StoreKitTest is reported to do other than Apple's pages say, Kiosk does what
/// the page says (docs/your-code.md, "Where Apple's StoreKitTest is wrong"). Each test does what
/// the report's test did and asserts the documented outcome, so it fails on a Kiosk that
/// behaved as the report says Xcode does.
extension StoreKitSessionTests {
    @Suite @MainActor struct XcodeDifferenceTests {
        static let lifetime = "com.kiosk.lumen.lifetime"
        static let monthly = "com.kiosk.lumen.pro.monthly"

        func session() throws -> SKTestSession {
            let session = try SKTestSession(configurationFileNamed: "Lumen")
            session.disableDialogs = true
            return session
        }

        /// Xcode 15.2 (FB13554125; lorin-vr/SuperSimpleInAppPurchaseDemo marks this test
        /// `XCTExpectFailure`): with `askToBuyEnabled` a `buyProduct(identifier:)` came back
        /// `.purchased`. Apple's `askToBuyEnabled`: "causes all purchases to require approval".
        @Test func askToBuyHoldsAPurchaseMadeOutsideTheApp() async throws {
            let session = try session()
            session.askToBuyEnabled = true
            #expect(session.allTransactions().count == 0)
            let transaction = try await session.buyProduct(identifier: Self.lifetime)
            #expect(session.allTransactions().count == 1)
            let asked = try #require(session.allTransactions().first)
            #expect(asked.state == .deferred)
            #expect(asked.pendingAskToBuyConfirmation)
            #expect(await Transaction.currentEntitlement(for: Self.lifetime) == nil)

            try session.approveAskToBuyTransaction(identifier: UInt(transaction.id))
            #expect(session.allTransactions().first?.state == .purchased)
            #expect(session.allTransactions().first?.pendingAskToBuyConfirmation == false)
            let entitlement = await Transaction.currentEntitlement(for: Self.lifetime)
            #expect(try entitlement?.payloadValue.productID == Self.lifetime)
        }

        /// developer.apple.com/forums/thread/685183: after `declineAskToBuyTransaction` Xcode
        /// still showed the transaction waiting. A declined purchase has its final status
        /// (`SKPaymentTransactionState.deferred` is "pending external action"): `.failed`.
        @Test func aDeclinedAskToBuyPurchaseFails() async throws {
            let session = try session()
            session.askToBuyEnabled = true
            try session.buyProduct(productIdentifier: Self.lifetime)
            let asked = try #require(session.allTransactions().first)
            #expect(asked.state == .deferred)

            try session.declineAskToBuyTransaction(identifier: asked.identifier)
            let declined = try #require(session.allTransactions().first)
            #expect(declined.state == .failed)
            #expect(!declined.pendingAskToBuyConfirmation)
            #expect(await Transaction.currentEntitlement(for: Self.lifetime) == nil)
        }

        /// RevenueCat/purchases-ios#2616 and #2066 (FB11799675): Xcode's `clearTransactions()`
        /// emptied `allTransactions()` but left them in `Transaction.unfinished`, so the next
        /// test began with them. Apple's page: "Removes all transactions from the test
        /// environment".
        @Test func clearTransactionsLeavesNothingUnfinished() async throws {
            let session = try session()
            let product = try #require(try await Product.products(for: [Self.lifetime]).first)
            guard case .success = try await product.purchase() else {
                Issue.record("the purchase did not succeed")
                return
            }
            #expect(try await Self.count(Transaction.unfinished) == 1)

            session.clearTransactions()
            #expect(session.allTransactions().isEmpty)
            #expect(try await Self.count(Transaction.unfinished) == 0)
            #expect(try await Self.count(Transaction.all) == 0)
            #expect(try await Self.count(Transaction.currentEntitlements) == 0)
        }

        /// RevenueCat/purchases-ios#7712 (Xcode 27's release notes): switching the storefront
        /// through `SKTestSession` does not work. Apple's `storefront`: the storefront the test
        /// environment uses; each switch changes `Storefront.current` and the prices.
        @Test func switchingTheStorefrontSwitchesItEachTime() async throws {
            let session = try session()
            for (storefront, currency) in [("USA", "$"), ("DEU", "€"), ("USA", "$")] {
                session.storefront = storefront
                #expect(await Storefront.current?.countryCode == storefront)
                let product = try #require(try await Product.products(for: [Self.monthly]).first)
                #expect(product.displayPrice.contains(currency), "\(storefront): \(product.displayPrice)")
            }
        }

        static func count(_ results: Transaction.Transactions) async throws -> Int {
            var count = 0
            for await _ in results { count += 1 }
            return count
        }
    }
}

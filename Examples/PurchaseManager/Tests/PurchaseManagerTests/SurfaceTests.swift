import Foundation
import PurchaseManager
import Testing

#if canImport(StoreKit)
    import StoreKit
    import StoreKitTest
#else
    import KioskStoreKit
    import KioskStoreKitTest
#endif

/// The purchase manager's uses of the rest of StoreKit's surface (PurchaseManager+Surface.swift),
/// through SKTestSession. One App Store per process: nested in the serialized PurchaseManagerTests,
/// so these run one at a time with the others.
extension PurchaseManagerTests {
    @Suite @MainActor struct SurfaceTests {
        func launch() async throws -> (SKTestSession, PurchaseManager) {
            let session = try SKTestSession(configurationFileNamed: "Lumen")
            session.disableDialogs = true
            let manager = PurchaseManager()
            try await session.waitForTransactionListener()
            try await manager.loadProducts()
            return (session, manager)
        }

        func buy(_ id: String) async throws -> Transaction {
            let product = try #require(try await Product.products(for: [id]).first)
            guard case .success(.verified(let transaction)) = try await product.purchase() else {
                throw SurfaceFailure.notBought(id)
            }
            await transaction.finish()
            return transaction
        }

        enum SurfaceFailure: Error { case notBought(String) }

        @Test func aSignedTransactionIsForThisDevice() async throws {
            let (_, manager) = try await launch()
            let transaction = try await buy(PurchaseManager.proMonthlyID)
            #expect(manager.isForThisDevice(transaction))
            #expect(manager.logLine(for: .verified(transaction)).contains(PurchaseManager.proMonthlyID))
        }

        @Test func theSupportScreenNamesTheStateOfATransactionsSubscription() async throws {
            let (session, manager) = try await launch()
            let transaction = try await buy(PurchaseManager.proMonthlyID)
            #expect(try await manager.subscriptionState(ofTransaction: transaction.id) == .subscribed)
            #expect(try await manager.subscriptionState(ofTransaction: 4_242_424_242) == nil)
            #expect(await manager.supportLine(for: transaction).contains("Subscribed"))
            #expect(await manager.purchaseCount(of: PurchaseManager.proMonthlyID) == 1)
            try await session.refundTransaction(identifier: Int(transaction.id))
            #expect(try await manager.subscriptionState(ofTransaction: transaction.id) == .revoked)
        }

        @Test func theYearlyPlanBilledMonthly() async throws {
            let (_, manager) = try await launch()
            let annual = try #require(
                try await Product.products(for: [PurchaseManager.ultimateAnnualID]).first)
            let plan = try #require(manager.monthlyPlan(of: annual))
            #expect(plan.months == 12)
            #expect(plan.perMonth.contains("15.99"))
            let bill = try #require(try await manager.buyMonthlyPlan(annual))
            #expect(bill.bill == 1)
            #expect(bill.of == 12)
        }

        @Test func aForgedEligibilityIsRefusedAndNoTrialGiven() async throws {
            let (session, manager) = try await launch()
            let monthly = try #require(try await Product.products(for: [PurchaseManager.proMonthlyID]).first)
            await #expect(throws: Product.PurchaseError.invalidOfferSignature) {
                try await manager.subscribe(monthly, eligibility: "e30.e30.c2ln")
            }
            #expect(try await session.allTransactions().isEmpty)
            #expect(await monthly.subscription?.isEligibleForIntroOffer == true)
        }

        @Test func aForgedOfferSignatureIsRefused() async throws {
            let (_, manager) = try await launch()
            let monthly = try #require(
                try await Product.products(for: [PurchaseManager.ultimateMonthlyID]).first)
            await #expect(throws: Product.PurchaseError.invalidOfferSignature) {
                try await manager.buy(
                    monthly, offerID: "com.kiosk.lumen.ultimate.tryfree", signedOffer: "e30.e30.c2ln")
            }
        }
    }
}

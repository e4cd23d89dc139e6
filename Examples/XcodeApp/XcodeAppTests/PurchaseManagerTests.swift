import StoreKit
import StoreKitTest
import XCTest

@testable import XcodeApp

/// The purchase manager against a StoreKit test session on Products.storekit, as Xcode runs
/// it (and `kiosk xctest` on Linux).
final class PurchaseManagerTests: XCTestCase {
    private var session: SKTestSession!

    override func setUp() async throws {
        session = try SKTestSession(configurationFileNamed: "Products")
        session.disableDialogs = true
        try await session.clearTransactions()
    }

    @MainActor
    func testBuyingFiltersUnlocksThem() async throws {
        let store = PurchaseManager()
        try await store.loadProducts()
        XCTAssertEqual(store.products.count, 3)
        let filters = try XCTUnwrap(store.product(PurchaseManager.filtersID))

        let transaction = try await store.purchase(filters)

        XCTAssertEqual(transaction?.productID, PurchaseManager.filtersID)
        XCTAssertTrue(store.owns(PurchaseManager.filtersID))
        let transactions = try await session.allTransactions()
        XCTAssertEqual(transactions.count, 1)
    }

    @MainActor
    func testPrintPacksAddUp() async throws {
        let store = PurchaseManager()
        try await store.loadProducts()
        let pack = try XCTUnwrap(store.product(PurchaseManager.printsID))

        try await store.purchase(pack)
        try await store.purchase(pack)

        XCTAssertEqual(store.prints, 20)
        XCTAssertFalse(store.owns(PurchaseManager.printsID), "a consumable is not an entitlement")
    }

    @MainActor
    func testRefundTakesTheFiltersAway() async throws {
        let store = PurchaseManager()
        try await store.loadProducts()
        let filters = try XCTUnwrap(store.product(PurchaseManager.filtersID))
        let bought = try await store.purchase(filters)
        let transaction = try XCTUnwrap(bought)

        try await session.refundTransaction(identifier: Int(transaction.id))
        await store.updatePurchasedProducts()

        XCTAssertFalse(store.owns(PurchaseManager.filtersID))
    }

    @MainActor
    func testAnExpiredClubSubscriptionIsNotOwned() async throws {
        let store = PurchaseManager()
        try await store.loadProducts()
        let club = try XCTUnwrap(store.product(PurchaseManager.clubMonthlyID))
        try await store.purchase(club)
        XCTAssertTrue(store.owns(PurchaseManager.clubMonthlyID))

        try await session.expireSubscription(productIdentifier: PurchaseManager.clubMonthlyID)
        await store.updatePurchasedProducts()

        XCTAssertFalse(store.owns(PurchaseManager.clubMonthlyID))
    }
}

import Combine
import StoreKit
import StoreKitTest
import XCTest

@testable import XcodeApp

/// The purchase manager against a StoreKit test session on Products.storekit, as Xcode runs
/// it (and `kiosk xctest` on Linux), in StoreKitTest's own spelling
/// (developer.apple.com/documentation/storekittest/sktestsession): the Transaction Manager's
/// actions are synchronous, and take identifiers as `UInt`, as Xcode's compiled SDK does.
final class PurchaseManagerTests: XCTestCase {
    private var session: SKTestSession!

    override func setUpWithError() throws {
        session = try SKTestSession(configurationFileNamed: "Products")
        session.resetToDefaultState()
        session.disableDialogs = true
        session.clearTransactions()
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
        XCTAssertEqual(session.allTransactions().count, 1)
    }

    /// The views read the manager as an `ObservableObject`: a purchase is published to them.
    @MainActor
    func testTheShopHearsOfWhatIsOwned() async throws {
        let store = PurchaseManager()
        try await store.loadProducts()
        let filters = try XCTUnwrap(store.product(PurchaseManager.filtersID))
        var willChange = 0
        var owned: [Set<String>] = []
        let changes = store.objectWillChange.sink { willChange += 1 }
        let ownership = store.$purchasedIdentifiers.sink { owned.append($0) }

        try await store.purchase(filters)

        changes.cancel()
        ownership.cancel()
        XCTAssertGreaterThan(willChange, 0)
        XCTAssertEqual(owned.first, [])
        XCTAssertEqual(owned.last, [PurchaseManager.filtersID])
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

        try session.refundTransaction(identifier: UInt(transaction.id))
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

        try session.expireSubscription(productIdentifier: PurchaseManager.clubMonthlyID)
        await store.updatePurchasedProducts()

        XCTAssertFalse(store.owns(PurchaseManager.clubMonthlyID))
    }
}

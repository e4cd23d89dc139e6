import Foundation
import Simulator
import StoreCore
import Testing

/// `replaceCatalog` (the paywall's live reload of a saved `.storekit`): the store sells from the
/// new catalog at once, and what accounts own stays, even for a product the new catalog lacks.
@Suite struct CatalogReplacementTests {
    /// The test catalog with one price changed and the annual plan removed.
    struct EditedCatalog: ProductCatalog {
        var name = "edited"
        var defaultSettings = StoreSettings()
        var defaultSimulatedErrors: [FailableAPI: SimulatedFailure] = [:]

        func products(localeIdentifier: String, storefront: Storefront) -> [Product] {
            TestCatalog().products(localeIdentifier: localeIdentifier, storefront: storefront).compactMap {
                product in
                guard product.id != "pro.annual" else { return nil }
                guard product.id == "pro.monthly" else { return product }
                var edited = product
                edited.price = Decimal(string: "11.99")!
                edited.displayPrice = "$11.99"
                return edited
            }
        }
    }

    @Test func newProductsAndPricesAtOnceWithOwnershipKept() async throws {
        let store = try SimulatedStore.makeForTest()
        _ = try await store.purchase("pro.annual")
        _ = try await store.purchase("lifetime")
        let events = await store.events()
        await store.replaceCatalog(EditedCatalog())

        let products = try await store.products(for: ["pro.monthly", "pro.annual", "lifetime"])
        #expect(products.map(\.id).sorted() == ["lifetime", "pro.monthly"])
        #expect(products.first { $0.id == "pro.monthly" }?.displayPrice == "$11.99")
        // The annual plan is no longer sold, but the subscription bought stays an entitlement.
        let owned = try await store.currentEntitlements().map(\.unsafePayloadValue.productID).sorted()
        #expect(owned == ["lifetime", "pro.annual"])
        var iterator = events.makeAsyncIterator()
        #expect(await iterator.next() == .stateChanged)

        // Time moves past the annual renewal of a product the catalog lost: no crash, an answer.
        _ = try await store.advanceClock(by: 400 * day)
        let statuses = try await store.subscriptionStatuses(for: TestCatalog.group)
        #expect(!statuses.isEmpty)
        // New purchases are at the new price.
        guard case .success(let verification) = try await store.purchase("pro.monthly") else {
            Issue.record("the new catalog's product cannot be bought")
            return
        }
        #expect(verification.unsafePayloadValue.price == Decimal(string: "11.99"))
    }
}

import AppCore
import StoreKitTest
import XCTest

@testable import Modular

/// Finds its configuration the Xcode way, in the test bundle's resources.
@MainActor
final class ShopModelTests: XCTestCase {
    var session: SKTestSession!

    override func setUp() async throws {
        try await super.setUp()
        let url = try XCTUnwrap(Bundle(for: Self.self).url(forResource: "Products", withExtension: "storekit"))
        session = try SKTestSession(contentsOf: url)
        session.disableDialogs = true
        session.clearTransactions()
    }

    func testABoughtPlanShowsAsOwnedAndFeatured() async throws {
        try await session.buyProduct(identifier: "com.example.xcodeapp.club.monthly")
        let model = ShopModel()
        await model.refresh()
        XCTAssertEqual(model.owned, ["com.example.xcodeapp.club.monthly"])
        XCTAssertEqual(model.featured, ["com.example.xcodeapp.club.monthly"])
        XCTAssertEqual(model.summary, "1 products owned")
    }

    func testTheAppsProductListIsInTheMainBundle() {
        XCTAssertEqual(ShopModel.sellable(), ["com.example.xcodeapp.filters", "com.example.xcodeapp.club.monthly"])
    }

    func testPreferencesAreObservable() {
        let preferences = Preferences()
        var changed = false
        withObservationTracking { _ = preferences.highlighted } onChange: { changed = true }
        preferences.highlighted = "com.example.xcodeapp.club.monthly"
        XCTAssertTrue(changed)
    }

    func testTheLocalPackagesProductsLoad() async throws {
        let products = try await Catalogue.products()
        XCTAssertEqual(products.map(\.id), ["com.example.xcodeapp.club.monthly"])
    }
}

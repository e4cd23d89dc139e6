import StoreKitTest
import XCTest

@testable import Purchases

@MainActor
final class EntitlementsTests: XCTestCase {
    func testAPurchaseIsOwnedByName() async throws {
        let session = try SKTestSession(configurationFileNamed: "Products")
        session.disableDialogs = true
        session.clearTransactions()
        try await session.buyProduct(identifier: "com.example.xcodeapp.filters")
        let entitlements = Entitlements()
        await entitlements.refresh()
        XCTAssertEqual(entitlements.owned, ["com.example.xcodeapp.filters"])
    }

    func testTheConfigurationIsAResourceOfTheModule() async throws {
        let url = try XCTUnwrap(Bundle.module.url(forResource: "Products", withExtension: "storekit"))
        let session = try SKTestSession(contentsOf: url)
        session.clearTransactions()
        let products = try await Product.products(for: ["com.example.xcodeapp.club.monthly"])
        XCTAssertEqual(products.map(\.type), [.autoRenewable])
    }
}

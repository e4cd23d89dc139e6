import StoreKit
import StoreKitTest
import XCTest

@testable import Synced

/// The test target's default isolation is MainActor, as Xcode 26 makes new test targets; the
/// class says `@MainActor` itself, which Linux's XCTest needs (docs/xctest.md).
@MainActor
final class EntitlementsTests: XCTestCase {
    var session: SKTestSession!

    override func setUp() async throws {
        session = try SKTestSession(configurationFileNamed: "Products")
        session.disableDialogs = true
        session.clearTransactions()
    }

    func testABoughtSubscriptionIsOwned() async throws {
        try session.buyProduct(productIdentifier: "com.example.xcodeapp.club.monthly")
        let entitlements = Entitlements()
        await entitlements.refresh()
        XCTAssertEqual(entitlements.owned, ["com.example.xcodeapp.club.monthly"])
    }
}

import StoreKitTest
import XCTest

@testable import App

final class PurchaseAlertTests: XCTestCase {
    func testABoughtPlanThanksTheCustomer() async throws {
        let session = try SKTestSession(configurationFileNamed: "Products")
        session.clearTransactions()
        let product = try XCTUnwrap(try await Product.products(for: ["com.example.xcodeapp.club.monthly"]).first)
        XCTAssertEqual(PurchaseAlert.title(for: try await product.purchase()), "Thank you")
    }
}

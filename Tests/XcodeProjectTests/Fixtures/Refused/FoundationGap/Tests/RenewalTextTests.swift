import StoreKitTest
import XCTest

@testable import App

final class RenewalTextTests: XCTestCase {
    func testAMonthlyPlanSaysSo() async throws {
        let session = try SKTestSession(configurationFileNamed: "Products")
        session.clearTransactions()
        let product = try await Product.products(for: ["com.example.xcodeapp.club.monthly"])
        let period = try XCTUnwrap(product.first?.subscription?.subscriptionPeriod)
        XCTAssertEqual(RenewalText.every(period), "Renews every 1 month")
    }
}

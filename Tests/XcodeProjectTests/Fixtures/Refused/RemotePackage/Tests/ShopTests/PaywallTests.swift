import StoreKitTest
import XCTest

@testable import Shop

final class PaywallTests: XCTestCase {
    func testThePaywallOpens() throws {
        _ = try SKTestSession(configurationFileNamed: "Products")
        XCTAssertNotNil(Paywall())
    }
}

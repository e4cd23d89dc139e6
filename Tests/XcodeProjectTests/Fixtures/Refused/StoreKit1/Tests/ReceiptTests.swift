import StoreKitTest
import XCTest

/// Original StoreKit, as older purchase code tests it: Kiosk's StoreKit is StoreKit 2's.
final class ReceiptTests: XCTestCase, SKPaymentTransactionObserver {
    func paymentQueue(_ queue: SKPaymentQueue, updatedTransactions transactions: [SKPaymentTransaction]) {}

    func testAPaymentIsQueued() throws {
        let session = try SKTestSession(configurationFileNamed: "Products")
        session.clearTransactions()
        SKPaymentQueue.default().add(self)
    }
}

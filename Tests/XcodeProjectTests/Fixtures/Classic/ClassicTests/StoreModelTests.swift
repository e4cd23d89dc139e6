import StoreKitTest
import XCTest

@testable import Classic

#if os(Linux)
    import StoreKit
#endif

final class StoreModelTests: XCTestCase {
    var session: SKTestSession!

    override func setUpWithError() throws {
        session = try SKTestSession(configurationFileNamed: "Configuration")
        session.disableDialogs = true
        session.clearTransactions()
    }

    @MainActor
    func testBuyingUnlocks() async throws {
        let model = StoreModel()
        try await model.buyUnlock()
        XCTAssertTrue(model.unlocked)
    }

    @MainActor
    func testNothingIsUnlockedAtFirst() async {
        let model = StoreModel()
        await model.refresh()
        XCTAssertFalse(model.unlocked)
    }
}

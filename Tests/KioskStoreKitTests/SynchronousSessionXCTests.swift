import Foundation
import KioskStoreKit
import KioskStoreKitTest
import XCTest

/// Apple's synchronous session members from an XCTest suite (corelibs XCTest runs each test on
/// the main thread; an `async` test on a task), 200 rounds each, as `SynchronousSessionTests`.
final class SynchronousSessionXCTests: XCTestCase {
    static let lifetime = "com.kiosk.lumen.lifetime"
    private var session: SKTestSession?

    override func setUpWithError() throws {
        let session = try SKTestSession(configurationFileNamed: "Lumen")
        session.resetToDefaultState()
        session.clearTransactions()
        self.session = session
    }

    private func round(_ session: SKTestSession) throws {
        try session.buyProduct(productIdentifier: Self.lifetime)
        let bought = try XCTUnwrap(session.allTransactions().first)
        XCTAssertEqual(bought.state, .purchased)
        try session.refundTransaction(identifier: UInt(bought.identifier))
        XCTAssertNotNil(session.allTransactions().first?.cancelDate)
        session.clearTransactions()
        XCTAssertEqual(session.allTransactions().count, 0)
    }

    func testSynchronousActionsFromATestMethod() throws {
        let session = try XCTUnwrap(session)
        try withWatchdog("200 rounds of synchronous actions in an XCTest method") {
            for _ in 0..<200 { try round(session) }
        }
    }

    func testSynchronousActionsFromAnAsyncTestMethod() async throws {
        let session = try XCTUnwrap(session)
        for _ in 0..<200 {
            try withWatchdog("a round of synchronous actions in an async XCTest method") {
                try round(session)
            }
            _ = try await session.buyProduct(identifier: "com.kiosk.lumen.aicredits10")
        }
        // Each round clears the history; the last purchase stays.
        XCTAssertEqual(session.allTransactions().count, 1)
    }

    func testAMissingTransactionIsApplesError() throws {
        let session = try XCTUnwrap(session)
        XCTAssertThrowsError(try session.refundTransaction(identifier: UInt(4_242))) { error in
            XCTAssertEqual((error as? SKTestError)?.code, .noTransactionFound)
        }
    }
}

// Written only from Apple's StoreKitTest and StoreKit documentation
// (developer.apple.com/documentation/storekittest/sktestsession and the pages of its members),
// the way a test target in Xcode is: `import StoreKitTest` and `import XCTest` alone, a
// synchronous `setUpWithError`, Apple's synchronous Transaction Manager actions, identifiers
// passed as `UInt(...)` as Xcode's compiled SDK takes them. Nothing Kiosk adds is used. Built in
// the Swift 6 language mode by `swift test` and in the Swift 5 mode by
// Tests/Shell/apple-way-swift5.sh.
import StoreKitTest
import XCTest

final class StoreKitTestDocumentationTests: XCTestCase {
    static let premium = "com.example.premium"
    static let coins = "com.example.coins"
    static let monthly = "com.example.pro.monthly"

    var session: SKTestSession!

    override func setUpWithError() throws {
        session = try SKTestSession(configurationFileNamed: "Products")
        session.resetToDefaultState()
        session.disableDialogs = true
        session.clearTransactions()
    }

    private func product(_ identifier: String) async throws -> Product {
        let products = try await Product.products(for: [identifier])
        return try XCTUnwrap(products.first, "no product \(identifier) in Products.storekit")
    }

    private func buy(_ identifier: String) async throws -> Transaction {
        let result = try await product(identifier).purchase()
        guard case .success(let verification) = result else {
            XCTFail("the purchase of \(identifier) answered \(result)")
            throw SKTestError(.invalidAction)
        }
        let transaction = try verification.payloadValue
        await transaction.finish()
        return transaction
    }

    func testAPurchaseIsInTheTestSessionsTransactions() async throws {
        XCTAssertEqual(session.allTransactions().count, 0)
        let transaction = try await buy(Self.premium)
        XCTAssertEqual(session.allTransactions().count, 1)
        let recorded = try XCTUnwrap(session.allTransactions().first)
        XCTAssertEqual(UInt64(recorded.identifier), transaction.id)
        XCTAssertEqual(recorded.productIdentifier, Self.premium)
        XCTAssertEqual(recorded.state, .purchased)
    }

    func testClearTransactionsDeletesEveryTransaction() async throws {
        _ = try await buy(Self.coins)
        _ = try await buy(Self.premium)
        XCTAssertEqual(session.allTransactions().count, 2)
        session.clearTransactions()
        XCTAssertEqual(session.allTransactions().count, 0)
    }

    func testDeleteTransaction() async throws {
        let transaction = try await buy(Self.premium)
        try session.deleteTransaction(identifier: UInt(transaction.id))
        XCTAssertEqual(session.allTransactions().count, 0)
    }

    func testAskToBuyApproved() async throws {
        session.askToBuyEnabled = true
        let result = try await product(Self.premium).purchase()
        guard case .pending = result else { return XCTFail("expected .pending, got \(result)") }
        let asked = try XCTUnwrap(session.allTransactions().first)
        XCTAssertTrue(asked.pendingAskToBuyConfirmation)
        XCTAssertEqual(asked.state, .deferred)
        try session.approveAskToBuyTransaction(identifier: UInt(asked.identifier))
        let approved = try XCTUnwrap(session.allTransactions().first)
        XCTAssertFalse(approved.pendingAskToBuyConfirmation)
        XCTAssertEqual(approved.state, .purchased)
        let latest = await Transaction.latest(for: Self.premium)
        XCTAssertEqual(try latest?.payloadValue.productID, Self.premium)
    }

    func testAskToBuyDeclined() async throws {
        session.askToBuyEnabled = true
        _ = try await product(Self.premium).purchase()
        let asked = try XCTUnwrap(session.allTransactions().first)
        try session.declineAskToBuyTransaction(identifier: UInt(asked.identifier))
        XCTAssertEqual(session.allTransactions().first?.state, .failed)
        for await entitlement in Transaction.currentEntitlements {
            XCTFail("a declined purchase entitles nothing, found \(entitlement)")
        }
    }

    func testRefund() async throws {
        let transaction = try await buy(Self.premium)
        try session.refundTransaction(identifier: UInt(transaction.id))
        let refunded = await Transaction.latest(for: Self.premium)
        let latest = try XCTUnwrap(refunded)
        XCTAssertNotNil(try latest.payloadValue.revocationDate)
        XCTAssertNotNil(session.allTransactions().first?.cancelDate)
    }

    func testExpireSubscription() async throws {
        let transaction = try await buy(Self.monthly)
        try session.expireSubscription(productIdentifier: Self.monthly)
        let statuses = try await Product.SubscriptionInfo.status(
            for: try XCTUnwrap(transaction.subscriptionGroupID))
        XCTAssertEqual(statuses.first?.state, .expired)
    }

    func testForceRenewalOfSubscription() async throws {
        let first = try await buy(Self.monthly)
        try session.forceRenewalOfSubscription(productIdentifier: Self.monthly)
        let renewed = await Transaction.latest(for: Self.monthly)
        let renewal = try XCTUnwrap(renewed).payloadValue
        XCTAssertNotEqual(renewal.id, first.id)
        XCTAssertEqual(renewal.originalID, first.originalID)
    }

    func testAutoRenew() async throws {
        let transaction = try await buy(Self.monthly)
        try session.disableAutoRenewForTransaction(identifier: UInt(transaction.id))
        XCTAssertEqual(session.allTransactions().first?.autoRenewingEnabled, false)
        try session.enableAutoRenewForTransaction(identifier: UInt(transaction.id))
        XCTAssertEqual(session.allTransactions().first?.autoRenewingEnabled, true)
    }

    func testPriceIncreaseConsent() async throws {
        let transaction = try await buy(Self.monthly)
        let group = try XCTUnwrap(transaction.subscriptionGroupID)
        try session.requestPriceIncreaseConsentForTransaction(identifier: UInt(transaction.id))
        XCTAssertEqual(session.allTransactions().first?.isPendingPriceIncreaseConsent, true)
        try session.consentToPriceIncreaseForTransaction(identifier: UInt(transaction.id))
        let statuses = try await Product.SubscriptionInfo.status(for: group)
        let status = try XCTUnwrap(statuses.first)
        XCTAssertEqual(try status.renewalInfo.payloadValue.priceIncreaseStatus, .agreed)
    }

    func testPriceIncreaseDeclined() async throws {
        let transaction = try await buy(Self.monthly)
        try session.requestPriceIncreaseConsentForTransaction(identifier: UInt(transaction.id))
        try session.declinePriceIncreaseForTransaction(identifier: UInt(transaction.id))
        XCTAssertEqual(session.allTransactions().first?.isPendingPriceIncreaseConsent, false)
    }

    func testInterruptedPurchaseResolved() async throws {
        session.interruptedPurchasesEnabled = true
        _ = try? await product(Self.premium).purchase()
        let interrupted = try XCTUnwrap(session.allTransactions().first)
        XCTAssertTrue(interrupted.hasPurchaseIssue)
        try session.resolveIssueForTransaction(identifier: UInt(interrupted.identifier))
        XCTAssertEqual(session.allTransactions().first?.hasPurchaseIssue, false)
    }

    func testBuyProductFromOutsideTheApp() async throws {
        let transaction = try await session.buyProduct(identifier: Self.coins)
        XCTAssertEqual(transaction.productID, Self.coins)
        XCTAssertEqual(session.allTransactions().count, 1)
    }

    func testSimulatedLoadProductsError() async throws {
        try await session.setSimulatedError(
            .generic(.networkError(URLError(.notConnectedToInternet))), forAPI: .loadProducts)
        let simulated = await session.simulatedError(forAPI: .loadProducts)
        XCTAssertNotNil(simulated)
        do {
            _ = try await Product.products(for: [Self.premium])
            XCTFail("products loaded despite the simulated error")
        } catch StoreKitError.networkError {
        }
        try await session.setSimulatedError(nil, forAPI: .loadProducts)
        let products = try await Product.products(for: [Self.premium])
        XCTAssertEqual(products.count, 1)
    }

    func testSimulatedPurchaseError() async throws {
        try await session.setSimulatedError(.purchase(.productUnavailable), forAPI: .purchase)
        let simulated = await session.simulatedError(forAPI: .purchase)
        XCTAssertEqual(simulated, .purchase(.productUnavailable))
        let premium = try await product(Self.premium)
        do {
            _ = try await premium.purchase()
            XCTFail("the purchase succeeded despite the simulated error")
        } catch Product.PurchaseError.productUnavailable {
        }
    }

    func testSimulatedVerificationError() async throws {
        try await session.setSimulatedError(.verification(.invalidSignature), forAPI: .verification)
        let result = try await product(Self.premium).purchase()
        guard case .success(.unverified(_, let error)) = result else {
            return XCTFail("expected an unverified transaction, got \(result)")
        }
        XCTAssertEqual(error, .invalidSignature)
    }

    func testSimulatedRefundRequestError() async throws {
        try await session.setSimulatedError(.refundRequest(.duplicateRequest), forAPI: .refundRequest)
        let simulated = await session.simulatedError(forAPI: .refundRequest)
        XCTAssertEqual(simulated, .refundRequest(.duplicateRequest))
    }

    func testAMissingConfigurationFileThrowsFileNotFound() {
        do {
            _ = try SKTestSession(configurationFileNamed: "NoSuchConfiguration")
            XCTFail("a session opened a file that does not exist")
        } catch SKTestError.fileNotFound {
        } catch {
            XCTFail("expected SKTestError.fileNotFound, got \(error)")
        }
    }

    func testAnUnknownTransactionThrowsNoTransactionFound() {
        XCTAssertThrowsError(try session.refundTransaction(identifier: UInt(987_654))) { error in
            XCTAssertEqual((error as? SKTestError)?.code, .noTransactionFound)
            XCTAssertEqual((error as NSError).domain, SKTestErrorDomain)
        }
    }
}

import Foundation
import StoreCore
import Testing
import WireProtocol

/// The wire table is one declaration used by both sides: every operation a client sends must
/// match exactly one route the server registers, and read back as the same operation.
@Suite struct StoreOperationWireTests {
    /// One example of every operation (a new case fails `everyOperationHasAnExample`).
    static let examples: [StoreOperation] = [
        .addAccount(StoreAccount(name: "bob / junior", storefront: "DEU", familyID: "f1")),
        .approveAskToBuy(transactionID: 2_000_000_000_000_001),
        .declineAskToBuy(transactionID: 2),
        .refund(transactionID: 3, reason: .developerIssue, percentage: 50_000),
        .refund(transactionID: 3, reason: .other, percentage: RefundRequest.fullRefund),
        .openRefundRequest(transactionID: 4, reason: .fulfillmentIssue),
        .grantRefundRequest(transactionID: 4, percentage: 25_000),
        .declineRefundRequest(transactionID: 4),
        .reverseRefund(transactionID: 4),
        .expireSubscription(productID: "com.example.pro monthly"),
        .forceRenewal(productID: "com.example.pro.monthly"),
        .setAutoRenew(false, transactionID: 5),
        .requestPriceIncreaseConsent(transactionID: 6),
        .respondToPriceIncrease(transactionID: 6, accept: true),
        .resolveIssue(transactionID: 7),
        .deleteTransaction(transactionID: 8),
        .clearTransactions,
        .resetToDefaultState,
        .buyOffDevice(productID: "com.example.lifetime", options: [.quantity(2), .simulatesAskToBuy(true)]),
        .advanceClock(seconds: 86_400),
        .advanceClockPeriods(count: 3, groupID: "G1"),
        .apply(.askToBuy(true)),
        .apply(.billingGracePeriodDays(28)),
        .setSimulatedError(.generic(.networkError), api: .purchase),
        .setSimulatedError(nil, api: .loadProducts),
        .saveState(name: "before-refund"), .saveState(name: nil),
        .loadState(name: "before-refund"), .loadState(name: nil),
        .journalNote(.paywallClosed),
    ]

    @Test func everyOperationTravelsAndReadsBackTheSame() throws {
        for operation in Self.examples {
            try Self.expectRoundTrip(operation, operation.wireRequest, routes: StoreOperation.routes)
        }
    }

    /// An off-device purchase answers its transaction as `{"value": ...}`, with
    /// `"pendingApproval": true` only while Ask to Buy holds it: a purchase's body is the one it
    /// was before the key, and a body without the key (an older server's) reads as a purchase.
    @Test func anOffDevicePurchaseSaysWhenAskToBuyHoldsIt() throws {
        let date = Date(timeIntervalSince1970: 1_780_000_000)
        let transaction = Transaction(
            id: 7, originalID: 7, productID: "gems", productType: .consumable, appBundleID: "dev.kiosk.demo",
            appTransactionID: "1", purchaseDate: date, originalPurchaseDate: date, signedDate: date,
            environment: .sandbox, storefront: .unitedStates)
        let operation = StoreOperation.buyOffDevice(productID: "gems", options: [])
        let bought = try #require(StoreOperation.answerBody(.transaction(transaction)))
        let held = try #require(StoreOperation.answerBody(.heldForApproval(transaction)))
        #expect(bought == WireCoding.encode(Wire.Value(transaction)), "the purchase's body is unchanged")
        #expect(String(decoding: held, as: UTF8.self).contains(#""pendingApproval":true"#))
        #expect(try operation.result(from: bought) == .transaction(transaction))
        #expect(try operation.result(from: held) == .heldForApproval(transaction))
        #expect(try operation.result(from: held).transaction(of: operation) == transaction)
        #expect(
            StoreOperation.buyOffDevice(productID: "gems", options: []).outcome(.heldForApproval(transaction))
                == "Bought gems outside the app: waiting for approval (transaction 7)")
    }

    @Test func everyOperationHasAnExampleAndEveryRouteIsUsed() {
        let used = Set(Self.examples.map(\.wireRequest.route))
        #expect(used == Set(StoreOperation.routes), "routes no example travels on")
        #expect(StoreOperation.routes.count == Set(StoreOperation.routes).count, "a route is declared twice")
    }

    /// Save points are safe to send again to the next owner when the first one quit mid-request;
    /// other tester operations are not (they say so and let the tester look first).
    /// Sent again after the owner died before answering only when a repeat changes nothing
    /// more: save points, and the PUTs (an account, a simulated failure set to the same values).
    @Test func onlyOperationsThatRepeatHarmlesslyAreSentAgain() {
        for example in Self.examples {
            let harmless =
                switch example {
                case .saveState, .loadState, .addAccount, .setSimulatedError: true
                default: false
                }
            #expect(example.wireRequest.route.isRepeatable == harmless, "\(example)")
        }
    }

    static let requests: [StoreRequest] = [
        .purchase(
            productID: "com.example.pro", options: [.quantity(3), .idempotencyKey("k-1")], confirmed: true),
        .purchase(productID: "com.example.pro", options: [], confirmed: false),
        .finish(transactionID: 42), .sync, .redeemOfferCode("SPRING 2026"),
        .requestRefund(transactionID: 7, reason: .developerIssue), .showManageSubscriptions,
        .retentionMessage(productID: "com.example.pro.monthly"),
    ]

    @Test func everyAppRequestTravelsAndReadsBackTheSame() throws {
        for value in Self.requests {
            try Self.expectRoundTrip(value, value.wireRequest, routes: StoreRequest.routes)
        }
        #expect(Set(Self.requests.map(\.wireRequest.route)) == Set(StoreRequest.routes))
    }

    /// `value` sent as `request` matches exactly one of `routes` and reads back as itself.
    static func expectRoundTrip<Value: Sendable & Equatable>(
        _ value: Value, _ request: WireRequest<Value>, routes: [WireRoute<Value>]
    ) throws {
        var parameters = request.parameters
        if parameters["account"] == nil { parameters["account"] = "tester" }
        let path = request.route.path(parameters)
        let matches = routes.filter {
            $0.method == request.route.method && bind($0.template, to: path) != nil
        }
        #expect(
            matches.count == 1, "\(value): \(request.route.method) \(path) matches \(matches.count) routes")
        let bound = try #require(bind(request.route.template, to: path))
        let input = WireInput(parameters: bound, headers: request.headers, body: request.body ?? [])
        let decoded = try request.route.values(from: input)
        #expect(decoded == [value], "\(value) came back as \(decoded)")
    }

    /// The router's matching, for the test: template segments `{name}` bind one decoded segment.
    static func bind(_ template: String, to path: String) -> [String: String]? {
        let pattern = template.split(separator: "/")
        let parts = path.split(separator: "/")
        guard pattern.count == parts.count else { return nil }
        var parameters: [String: String] = [:]
        for (expected, actual) in zip(pattern, parts) {
            if expected.hasPrefix("{") {
                parameters[String(expected.dropFirst().dropLast())] =
                    actual.removingPercentEncoding ?? String(actual)
            } else if expected != actual {
                return nil
            }
        }
        return parameters
    }
}

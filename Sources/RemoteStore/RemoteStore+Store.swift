import Foundation
import StoreCore
import WireProtocol

extension RemoteStore: Store {
    public func products(for identifiers: [String]) async throws(StoreError) -> [Product] {
        var allowed = CharacterSet.urlQueryAllowed
        allowed.remove(charactersIn: "&=+,#")
        let ids = identifiers.map { $0.addingPercentEncoding(withAllowedCharacters: allowed) ?? $0 }
        return try await client.call(
            "GET", accountPath("products"), query: "ids=" + ids.joined(separator: ","), as: Wire.Products.self
        ).products
    }

    public func allProducts() async throws(StoreError) -> [Product] {
        try await client.call("GET", accountPath("products"), as: Wire.Products.self).products
    }

    public func paymentSheet(for productID: String, options: [PurchaseOption]) async throws(StoreError)
        -> PaymentSheet?
    {
        try await client.call(
            "POST", accountPath("payment-sheet"),
            body: Wire.PurchaseRequest(productID: productID, options: options),
            as: Wire.PaymentSheetBody.self
        ).paymentSheet
    }

    /// On the route the request's wire table names. Signed answers are verified here, as every
    /// JWS the store receives.
    public func perform(_ request: StoreRequest) async throws(StoreError) -> StoreRequestResult {
        var request = request
        // Every purchase over the wire carries an idempotency key (its own, or one made here), so
        // a purchase whose answer was lost (the store's owner quit or died) is sent again safely.
        if case .purchase(let productID, let options, let confirmed) = request, options.idempotencyKey == nil
        {
            request = .purchase(
                productID: productID, options: options + [.idempotencyKey(UUID().uuidString)],
                confirmed: confirmed)
        }
        let wire = request.wireRequest
        var parameters = wire.parameters
        parameters["account"] = account.rawValue
        let answer = try await client.send(
            wire.route.method, wire.route.path(parameters), bytes: wire.body, headers: wire.headers,
            repeatable: wire.route.isRepeatable)
        switch request {
        case .purchase, .redeemOfferCode:
            return .purchase(try result(of: try WireCoding.decode(Wire.PurchaseOutcome.self, from: answer)))
        case .requestRefund:
            let text = try WireCoding.decode(Wire.Value<String>.self, from: answer).value
            guard let status = RefundRequestStatus(rawValue: text) else {
                throw StoreError.backend("the server answered an unknown refund request status '\(text)'")
            }
            return .refundRequest(status)
        case .finish, .sync, .showManageSubscriptions: return .done
        case .retentionMessage: return .retention(try WireCoding.decode(RetentionSheet.self, from: answer))
        }
    }

    func result(of outcome: Wire.PurchaseOutcome) throws(StoreError) -> PurchaseResult {
        switch outcome.result {
        case "success":
            guard let transaction = outcome.transaction else {
                throw StoreError.backend("the server reported a purchase without its transaction")
            }
            return .success(try check(transaction))
        case "userCancelled": return .userCancelled
        case "pending":
            guard let id = outcome.pendingTransactionID else {
                throw StoreError.backend(
                    "the server reported a pending purchase without its transaction's ID (pendingTransactionID); "
                        + "it is older than this kiosk: update it")
            }
            return .pending(transactionID: id)
        default: throw StoreError.backend("unknown purchase result '\(outcome.result)'")
        }
    }

    public func currentEntitlements() async throws(StoreError) -> [VerificationResult<Transaction>] {
        try check(
            try await client.call("GET", accountPath("entitlements"), as: Wire.Transactions.self).transactions
        )
    }

    public func unfinished() async throws(StoreError) -> [VerificationResult<Transaction>] {
        try check(
            try await client.call(
                "GET", accountPath("transactions"), query: "unfinished=true", as: Wire.Transactions.self
            )
            .transactions)
    }

    public func all() async throws(StoreError) -> [VerificationResult<Transaction>] {
        try check(
            try await client.call("GET", accountPath("transactions"), as: Wire.Transactions.self).transactions
        )
    }

    public func latest(for productID: String) async throws(StoreError) -> VerificationResult<Transaction>? {
        let answer = try await client.call(
            "GET", accountPath("products", Self.segment(productID), "latest-transaction"),
            as: Wire.OptionalTransaction.self)
        return try answer.transaction.map { wire throws(StoreError) in try check(wire) }
    }

    public func subscriptionStatuses(for groupID: String) async throws(StoreError) -> [SubscriptionStatus] {
        let answer = try await client.call(
            "GET", accountPath("subscription-groups", Self.segment(groupID), "statuses"),
            as: Wire.Statuses.self)
        return try check(answer.statuses)
    }

    nonisolated func check(_ statuses: [Wire.Status]) throws(StoreError) -> [SubscriptionStatus] {
        try statuses.map { status throws(StoreError) in
            SubscriptionStatus(
                state: status.state, transaction: try check(status.transaction),
                renewalInfo: try check(status.renewalInfo, as: RenewalInfo.self))
        }
    }

    public func isEligibleForIntroOffer(groupID: String) async throws(StoreError) -> Bool {
        try await client.call(
            "GET", accountPath("subscription-groups", Self.segment(groupID), "intro-offer-eligibility"),
            as: Wire.Value<Bool>.self
        ).value
    }

    public func appTransaction() async throws(StoreError) -> VerificationResult<AppTransaction> {
        try check(try await client.call("GET", accountPath("app-transaction"), as: WireSigned.self))
    }

    public func storefront() async throws(StoreError) -> Storefront {
        try await client.call("GET", accountPath("storefront"), as: Storefront.self)
    }
}

import Foundation

/// The store as an app sees it, shaped like StoreKit 2 (`Product`, `Transaction`, `AppStore`)
/// for one signed-in account. `SimulatedStore` and `RemoteStore` implement it, and the
/// paywall speaks only to it, so the same screens and tests run on every backend.
public protocol Store: Sendable {
    /// Products with these identifiers, localized for the account's storefront and the
    /// store's locale; unknown identifiers are left out, as StoreKit does.
    func products(for identifiers: [String]) async throws(StoreError) -> [Product]
    /// Every product of the catalog (what a paywall or shelf offers).
    func allProducts() async throws(StoreError) -> [Product]
    /// The payment sheet a purchase would show, or nil when dialogs are disabled.
    func paymentSheet(for productID: String, options: [PurchaseOption]) async throws(StoreError)
        -> PaymentSheet?
    /// Carries out one of the app's requests (a purchase, finish, restore...) for the account
    /// this handle acts for.
    func perform(_ request: StoreRequest) async throws(StoreError) -> StoreRequestResult
    /// Transactions made or changed outside a direct purchase (approvals, renewals, refunds,
    /// revocations, family changes), and every unfinished transaction when the stream starts,
    /// as `Transaction.updates`.
    func updates() async -> AsyncStream<VerificationResult<Transaction>>
    /// Messages the App Store would show over the app, as `Message.messages`.
    func messages() async -> AsyncStream<StoreMessage>
    /// The latest transaction of each product the account is entitled to now, as
    /// `Transaction.currentEntitlements`.
    func currentEntitlements() async throws(StoreError) -> [VerificationResult<Transaction>]
    /// Transactions not yet finished, as `Transaction.unfinished`.
    func unfinished() async throws(StoreError) -> [VerificationResult<Transaction>]
    /// Every transaction of the account, as `Transaction.all`.
    func all() async throws(StoreError) -> [VerificationResult<Transaction>]
    /// The latest transaction for a product, as `Transaction.latest(for:)`.
    func latest(for productID: String) async throws(StoreError) -> VerificationResult<Transaction>?
    /// The status of each subscription in a group, as `Product.SubscriptionInfo.status`.
    func subscriptionStatuses(for groupID: String) async throws(StoreError) -> [SubscriptionStatus]
    /// Whether the account may still get an introductory offer in a group.
    func isEligibleForIntroOffer(groupID: String) async throws(StoreError) -> Bool
    /// The app's own signed purchase record, as `AppTransaction.shared`.
    func appTransaction() async throws(StoreError) -> VerificationResult<AppTransaction>
    /// The account's storefront, as `Storefront.current`.
    func storefront() async throws(StoreError) -> Storefront
}

/// Each request by name (`StoreRequest` says what each does).
extension Store {
    /// Buys a product, as `Product.purchase(options:)`. Asking (`.ask`) shows the payment sheet
    /// through the closure first (no sheet when dialogs are disabled: it confirms itself); the
    /// store then decides what the answer means (an idempotent replay, a simulated error).
    public func purchase(_ productID: String, options: [PurchaseOption], confirmation: PurchaseConfirmation)
        async throws(StoreError) -> PurchaseResult
    {
        var confirmed = true
        switch confirmation {
        case .confirm: confirmed = true
        case .cancel: confirmed = false
        case .ask(let ask):
            if let sheet = try await paymentSheet(for: productID, options: options) {
                confirmed = await ask(sheet)
            }
        }
        let request = StoreRequest.purchase(productID: productID, options: options, confirmed: confirmed)
        return try await perform(request).purchase(of: request)
    }

    public func finish(_ transactionID: UInt64) async throws(StoreError) {
        _ = try await perform(.finish(transactionID: transactionID))
    }

    public func sync() async throws(StoreError) { _ = try await perform(.sync) }

    public func redeemOfferCode(_ code: String) async throws(StoreError) -> PurchaseResult {
        let request = StoreRequest.redeemOfferCode(code)
        return try await perform(request).purchase(of: request)
    }

    public func requestRefund(for transactionID: UInt64, reason: Transaction.RevocationReason)
        async throws(StoreError) -> RefundRequestStatus
    {
        let request = StoreRequest.requestRefund(transactionID: transactionID, reason: reason)
        return try await perform(request).refundStatus(of: request)
    }

    public func showManageSubscriptions() async throws(StoreError) {
        _ = try await perform(.showManageSubscriptions)
    }

    /// Buys a product, confirming the payment sheet.
    public func purchase(_ productID: String, options: [PurchaseOption] = []) async throws(StoreError)
        -> PurchaseResult
    {
        try await purchase(productID, options: options, confirmation: .confirm)
    }
}

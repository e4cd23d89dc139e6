import Foundation

/// The tester's side of the store, shaped like Xcode's Transaction Manager and
/// `SKTestSession`: every action is one call, usable from the TUI, the wire and tests.
public protocol StoreControl: Sendable {
    // MARK: Accounts

    /// The sandbox accounts of the store.
    func accounts() async throws(StoreError) -> [StoreAccount]
    /// Adds a sandbox account (or updates its storefront and family).
    func addAccount(_ account: StoreAccount) async throws(StoreError)
    /// The account this handle acts for.
    func currentAccount() async throws(StoreError) -> StoreAccount
    /// Acts for another account from now on.
    func switchAccount(to name: String) async throws(StoreError)

    // MARK: Transaction Manager

    /// The account's transactions, newest first, with the state the Transaction Manager shows.
    func transactionRecords() async throws(StoreError) -> [TransactionRecord]
    func approveAskToBuy(_ transactionID: UInt64) async throws(StoreError)
    func declineAskToBuy(_ transactionID: UInt64) async throws(StoreError)
    /// Refunds at once, as Xcode does, with the refund sheet's reason and the refunded share
    /// in milliunits (`RefundRequest.fullRefund`, 100000, for a full refund; less is prorated).
    func refund(_ transactionID: UInt64, reason: Transaction.RevocationReason, percentage: Int)
        async throws(StoreError)
    /// The customer asks the App Store for a refund: the request stays open and the developer's
    /// server gets CONSUMPTION_REQUEST, until it is granted or declined.
    func openRefundRequest(_ transactionID: UInt64, reason: ConsumptionRequestReason) async throws(StoreError)
    /// The App Store grants an open request (REFUND) with the refunded share in milliunits.
    func grantRefundRequest(_ transactionID: UInt64, percentage: Int) async throws(StoreError)
    /// The App Store declines an open request (REFUND_DECLINED).
    func declineRefundRequest(_ transactionID: UInt64) async throws(StoreError)
    /// The App Store reverses a granted refund after a dispute (REFUND_REVERSED): access returns.
    func reverseRefund(_ transactionID: UInt64) async throws(StoreError)
    func expireSubscription(productID: String) async throws(StoreError)
    func forceRenewal(productID: String) async throws(StoreError)
    func setAutoRenew(_ isEnabled: Bool, transactionID: UInt64) async throws(StoreError)
    func requestPriceIncreaseConsent(transactionID: UInt64) async throws(StoreError)
    func respondToPriceIncrease(transactionID: UInt64, accept: Bool) async throws(StoreError)
    /// Resolves an interrupted purchase or a billing issue.
    func resolveIssue(transactionID: UInt64) async throws(StoreError)
    func deleteTransaction(_ transactionID: UInt64) async throws(StoreError)
    /// Deletes every transaction of the account.
    func clearTransactions() async throws(StoreError)
    /// Settings, errors and clock back to the catalog's defaults, every account's history cleared.
    func resetToDefaultState() async throws(StoreError)
    /// A purchase made outside the app (Xcode's "+", `SKTestSession.buyProduct`): it reaches
    /// the app through `updates`.
    func buyOffDevice(_ productID: String, options: [PurchaseOption]) async throws(StoreError) -> Transaction

    // MARK: Clock

    /// The store's clock.
    func now() async throws(StoreError) -> Date
    /// Moves the clock forward, running every renewal, retry and expiry on the way.
    func advanceClock(by interval: TimeInterval) async throws(StoreError) -> Date
    /// Moves the clock to the next `count` renewals of the account's active subscription in a group.
    func advanceClock(periods count: Int, groupID: String) async throws(StoreError) -> Date

    // MARK: Settings and simulated errors

    func settings() async throws(StoreError) -> StoreSettings
    func apply(_ setting: StoreSetting) async throws(StoreError)
    /// Makes an API fail with `failure`, or succeed again when nil.
    func setSimulatedError(_ failure: SimulatedFailure?, for api: FailableAPI) async throws(StoreError)
    func simulatedErrors() async throws(StoreError) -> [FailableAPI: SimulatedFailure]

    // MARK: Notifications

    /// The account's App Store Server Notifications, newest first, with their delivery attempts.
    func notificationHistory(limit: Int) async throws(StoreError) -> [NotificationSummary]

    // MARK: Reading everything at once

    /// Everything the screens show, read atomically: products, entitlements, the statuses and
    /// intro-offer eligibility of `groupID` (default: the first subscription group), records,
    /// the latest 100 notifications, settings, accounts, the clock and the simulated errors.
    /// A simulated failure of the statuses or the notifications leaves them empty rather than
    /// failing the whole read.
    func snapshot(groupID: String?) async throws(StoreError) -> StoreSnapshot

    // MARK: Watching

    /// Everything that changes, for the Transaction Manager and the paywall's banners.
    func events() async -> AsyncStream<StoreEvent>
}

extension StoreControl {
    /// Refunds the whole price at once.
    public func refund(_ transactionID: UInt64, reason: Transaction.RevocationReason) async throws(StoreError)
    {
        try await refund(transactionID, reason: reason, percentage: RefundRequest.fullRefund)
    }
}

import Foundation

/// The tester's side of the store, shaped like Xcode's Transaction Manager and
/// `SKTestSession`. Every change is a `StoreOperation` carried out by `perform(_:)`, so the
/// TUI, the wire, the CLI and tests speak one vocabulary; the named calls below
/// (`approveAskToBuy`, `refund`, ...) are that vocabulary's spelling for Swift callers.
public protocol StoreControl: Sendable {
    /// Carries out one operation for the account this handle acts for.
    func perform(_ operation: StoreOperation) async throws(StoreError) -> StoreOperationResult

    // MARK: Accounts

    /// The sandbox accounts of the store.
    func accounts() async throws(StoreError) -> [StoreAccount]
    /// The account this handle acts for.
    func currentAccount() async throws(StoreError) -> StoreAccount
    /// Acts for another account from now on.
    func switchAccount(to name: AccountName) async throws(StoreError)

    // MARK: Reading

    /// The account's transactions, newest first, with the state the Transaction Manager shows.
    func transactionRecords() async throws(StoreError) -> [TransactionRecord]
    /// The store's clock.
    func now() async throws(StoreError) -> Date
    func settings() async throws(StoreError) -> StoreSettings
    func simulatedErrors() async throws(StoreError) -> [FailableAPI: SimulatedFailure]
    /// The account's App Store Server Notifications, newest first, with their delivery attempts.
    func notificationHistory(limit: Int) async throws(StoreError) -> [NotificationSummary]
    /// Everything the screens show, read atomically: products, entitlements, the statuses and
    /// intro-offer eligibility of `groupID` (default: the first subscription group), the
    /// newest `recordLimit` records and how many there are, the latest 100 notifications,
    /// settings, accounts, the clock and the simulated errors. A simulated failure of the
    /// statuses or the notifications leaves them empty rather than failing the whole read.
    func snapshot(groupID: String?, recordLimit: Int) async throws(StoreError) -> StoreSnapshot

    // MARK: Watching

    /// Everything that changes, for the Transaction Manager and the paywall's banners.
    func events() async -> AsyncStream<StoreEvent>
}

extension StoreControl {
    /// A snapshot with one page of records (`StoreSnapshot.recordPage`).
    public func snapshot(groupID: String?) async throws(StoreError) -> StoreSnapshot {
        try await snapshot(groupID: groupID, recordLimit: StoreSnapshot.recordPage)
    }
}

/// Each operation by name (`StoreOperation` says what each does).
extension StoreControl {
    public func addAccount(_ account: StoreAccount) async throws(StoreError) {
        _ = try await perform(.addAccount(account))
    }

    public func approveAskToBuy(_ transactionID: UInt64) async throws(StoreError) {
        _ = try await perform(.approveAskToBuy(transactionID: transactionID))
    }

    public func declineAskToBuy(_ transactionID: UInt64) async throws(StoreError) {
        _ = try await perform(.declineAskToBuy(transactionID: transactionID))
    }

    public func refund(
        _ transactionID: UInt64, reason: Transaction.RevocationReason,
        percentage: Int = RefundRequest.fullRefund
    ) async throws(StoreError) {
        _ = try await perform(.refund(transactionID: transactionID, reason: reason, percentage: percentage))
    }

    public func openRefundRequest(_ transactionID: UInt64, reason: ConsumptionRequestReason)
        async throws(StoreError)
    {
        _ = try await perform(.openRefundRequest(transactionID: transactionID, reason: reason))
    }

    public func grantRefundRequest(_ transactionID: UInt64, percentage: Int) async throws(StoreError) {
        _ = try await perform(.grantRefundRequest(transactionID: transactionID, percentage: percentage))
    }

    public func declineRefundRequest(_ transactionID: UInt64) async throws(StoreError) {
        _ = try await perform(.declineRefundRequest(transactionID: transactionID))
    }

    public func reverseRefund(_ transactionID: UInt64) async throws(StoreError) {
        _ = try await perform(.reverseRefund(transactionID: transactionID))
    }

    public func expireSubscription(productID: String) async throws(StoreError) {
        _ = try await perform(.expireSubscription(productID: productID))
    }

    public func forceRenewal(productID: String) async throws(StoreError) {
        _ = try await perform(.forceRenewal(productID: productID))
    }

    public func setAutoRenew(_ isEnabled: Bool, transactionID: UInt64) async throws(StoreError) {
        _ = try await perform(.setAutoRenew(isEnabled, transactionID: transactionID))
    }

    public func requestPriceIncreaseConsent(transactionID: UInt64) async throws(StoreError) {
        _ = try await perform(.requestPriceIncreaseConsent(transactionID: transactionID))
    }

    public func respondToPriceIncrease(transactionID: UInt64, accept: Bool) async throws(StoreError) {
        _ = try await perform(.respondToPriceIncrease(transactionID: transactionID, accept: accept))
    }

    public func resolveIssue(transactionID: UInt64) async throws(StoreError) {
        _ = try await perform(.resolveIssue(transactionID: transactionID))
    }

    public func deleteTransaction(_ transactionID: UInt64) async throws(StoreError) {
        _ = try await perform(.deleteTransaction(transactionID: transactionID))
    }

    public func clearTransactions() async throws(StoreError) { _ = try await perform(.clearTransactions) }

    public func resetToDefaultState() async throws(StoreError) { _ = try await perform(.resetToDefaultState) }

    public func buyOffDevice(_ productID: String, options: [PurchaseOption]) async throws(StoreError)
        -> Transaction
    {
        let operation = StoreOperation.buyOffDevice(productID: productID, options: options)
        return try await perform(operation).transaction(of: operation)
    }

    public func advanceClock(by interval: TimeInterval) async throws(StoreError) -> Date {
        let operation = StoreOperation.advanceClock(seconds: interval)
        return try await perform(operation).clock(of: operation)
    }

    public func advanceClock(periods count: Int, groupID: String) async throws(StoreError) -> Date {
        let operation = StoreOperation.advanceClockPeriods(count: count, groupID: groupID)
        return try await perform(operation).clock(of: operation)
    }

    public func apply(_ setting: StoreSetting) async throws(StoreError) {
        _ = try await perform(.apply(setting))
    }

    public func setSimulatedError(_ failure: SimulatedFailure?, for api: FailableAPI) async throws(StoreError)
    {
        _ = try await perform(.setSimulatedError(failure, api: api))
    }
}

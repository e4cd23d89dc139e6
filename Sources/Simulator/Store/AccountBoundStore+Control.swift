import Foundation
import StoreCore

extension AccountBoundStore: StoreControl {
    public func accounts() async throws(StoreError) -> [StoreAccount] {
        try await bound { store throws(StoreError) in try await store.accounts() }
    }

    public func addAccount(_ account: StoreAccount) async throws(StoreError) {
        try await bound { store throws(StoreError) in try await store.addAccount(account) }
    }

    /// The bound account (or the selected one when the view is bound to none).
    public func currentAccount() async throws(StoreError) -> StoreAccount {
        try await bound { store throws(StoreError) in try await store.currentAccount() }
    }

    /// Changes the store's selected account; a view bound to an account keeps acting for it.
    public func switchAccount(to name: String) async throws(StoreError) {
        try await bound { store throws(StoreError) in try await store.switchAccount(to: name) }
    }

    public func transactionRecords() async throws(StoreError) -> [TransactionRecord] {
        try await bound { store throws(StoreError) in try await store.transactionRecords() }
    }

    public func approveAskToBuy(_ transactionID: UInt64) async throws(StoreError) {
        try await bound { store throws(StoreError) in try await store.approveAskToBuy(transactionID) }
    }

    public func declineAskToBuy(_ transactionID: UInt64) async throws(StoreError) {
        try await bound { store throws(StoreError) in try await store.declineAskToBuy(transactionID) }
    }

    public func refund(_ transactionID: UInt64, reason: Transaction.RevocationReason) async throws(StoreError)
    {
        try await bound { store throws(StoreError) in try await store.refund(transactionID, reason: reason) }
    }

    public func expireSubscription(productID: String) async throws(StoreError) {
        try await bound { store throws(StoreError) in try await store.expireSubscription(productID: productID)
        }
    }

    public func forceRenewal(productID: String) async throws(StoreError) {
        try await bound { store throws(StoreError) in try await store.forceRenewal(productID: productID) }
    }

    public func setAutoRenew(_ isEnabled: Bool, transactionID: UInt64) async throws(StoreError) {
        try await bound { store throws(StoreError) in
            try await store.setAutoRenew(isEnabled, transactionID: transactionID)
        }
    }

    public func requestPriceIncreaseConsent(transactionID: UInt64) async throws(StoreError) {
        try await bound { store throws(StoreError) in
            try await store.requestPriceIncreaseConsent(transactionID: transactionID)
        }
    }

    public func respondToPriceIncrease(transactionID: UInt64, accept: Bool) async throws(StoreError) {
        try await bound { store throws(StoreError) in
            try await store.respondToPriceIncrease(transactionID: transactionID, accept: accept)
        }
    }

    public func resolveIssue(transactionID: UInt64) async throws(StoreError) {
        try await bound { store throws(StoreError) in
            try await store.resolveIssue(transactionID: transactionID)
        }
    }

    public func deleteTransaction(_ transactionID: UInt64) async throws(StoreError) {
        try await bound { store throws(StoreError) in try await store.deleteTransaction(transactionID) }
    }

    public func clearTransactions() async throws(StoreError) {
        try await bound { store throws(StoreError) in try await store.clearTransactions() }
    }

    public func resetToDefaultState() async throws(StoreError) {
        try await bound { store throws(StoreError) in try await store.resetToDefaultState() }
    }

    public func buyOffDevice(_ productID: String, options: [PurchaseOption]) async throws(StoreError)
        -> Transaction
    {
        try await bound { store throws(StoreError) in
            try await store.buyOffDevice(productID, options: options)
        }
    }

    public func now() async throws(StoreError) -> Date {
        try await bound { store throws(StoreError) in try await store.now() }
    }

    public func advanceClock(by interval: TimeInterval) async throws(StoreError) -> Date {
        try await bound { store throws(StoreError) in try await store.advanceClock(by: interval) }
    }

    public func advanceClock(periods count: Int, groupID: String) async throws(StoreError) -> Date {
        try await bound { store throws(StoreError) in
            try await store.advanceClock(periods: count, groupID: groupID)
        }
    }

    public func settings() async throws(StoreError) -> StoreSettings {
        try await bound { store throws(StoreError) in try await store.settings() }
    }

    public func apply(_ setting: StoreSetting) async throws(StoreError) {
        try await bound { store throws(StoreError) in try await store.apply(setting) }
    }

    public func setSimulatedError(_ failure: SimulatedFailure?, for api: FailableAPI) async throws(StoreError)
    {
        try await bound { store throws(StoreError) in try await store.setSimulatedError(failure, for: api) }
    }

    public func simulatedErrors() async throws(StoreError) -> [FailableAPI: SimulatedFailure] {
        try await bound { store throws(StoreError) in try await store.simulatedErrors() }
    }

    public func notificationHistory(limit: Int) async throws(StoreError) -> [NotificationSummary] {
        try await bound { store throws(StoreError) in try await store.notificationHistory(limit: limit) }
    }

    public func events() async -> AsyncStream<StoreEvent> {
        await bound { store in await store.events() }
    }
}

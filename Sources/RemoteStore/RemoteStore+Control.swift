import Foundation
import StoreCore

extension RemoteStore: StoreControl {
    public func accounts() async throws(StoreError) -> [StoreAccount] {
        try await client.call("GET", "/v1/control/accounts", as: Wire.Accounts.self).accounts
    }

    public func addAccount(_ account: StoreAccount) async throws(StoreError) {
        try await client.perform(
            "PUT", WireClient.path("v1", "control", "accounts", account.name), body: account)
    }

    public func currentAccount() async throws(StoreError) -> StoreAccount {
        try await client.call("GET", accountPath(), as: StoreAccount.self)
    }

    /// Acts for another account from now on (after checking the server knows it).
    /// Acts for `name` from now on, adding the account first when the store has none of that
    /// name: one request, whatever the number of accounts (listing them all costs O(accounts)).
    public func useAccount(_ name: String) async throws(StoreError) {
        do {
            try await switchAccount(to: name)
        } catch .accountNotFound {
            try await addAccount(StoreAccount(name: name))
            try await switchAccount(to: name)
        }
    }

    public func switchAccount(to name: String) async throws(StoreError) {
        _ = try await client.call("GET", WireClient.path("v1", "accounts", name), as: StoreAccount.self)
        guard name != account else { return }
        account = name
        // Open streams follow the account: each reconnects as the new one.
        for cancel in streamConnections.values { cancel() }
    }

    public func transactionRecords() async throws(StoreError) -> [TransactionRecord] {
        try check(try await client.call("GET", controlPath("records"), as: Wire.Records.self).records)
    }

    nonisolated func check(_ records: [Wire.Record]) throws(StoreError) -> [TransactionRecord] {
        try records.map { record throws(StoreError) in
            TransactionRecord(
                transaction: try check(record.transaction), state: record.state,
                isFinished: record.isFinished,
                renewalInfo: record.renewalInfo,
                isPendingPriceIncreaseConsent: record.isPendingPriceIncreaseConsent,
                refundRequest: record.refundRequest)
        }
    }

    /// One request: the server reads it in one actor turn. Every signature is checked here.
    public func snapshot(groupID: String?) async throws(StoreError) -> StoreSnapshot {
        let query = groupID.map { "group=" + Self.segment($0) }
        let wire = try await client.call("GET", controlPath("snapshot"), query: query, as: Wire.Snapshot.self)
        var snapshot = StoreSnapshot()
        snapshot.products = wire.products
        snapshot.groupID = wire.groupID
        snapshot.entitlements = try check(wire.entitlements)
        snapshot.statuses = try check(wire.statuses)
        snapshot.isEligibleForIntroOffer = wire.isEligibleForIntroOffer
        snapshot.records = try check(wire.records)
        snapshot.notifications = wire.notifications
        snapshot.settings = wire.settings
        snapshot.account = wire.account
        snapshot.accounts = wire.accounts
        snapshot.clock = wire.clock
        snapshot.simulatedErrors = wire.simulatedErrors.failures
        return snapshot
    }

    private func act(
        _ transactionID: UInt64, _ action: String, body: (some Encodable & Sendable)? = Optional<Int>.none
    )
        async throws(StoreError)
    {
        try await client.perform("POST", controlPath("transactions", "\(transactionID)", action), body: body)
    }

    public func approveAskToBuy(_ transactionID: UInt64) async throws(StoreError) {
        try await act(transactionID, "approve")
    }

    public func declineAskToBuy(_ transactionID: UInt64) async throws(StoreError) {
        try await act(transactionID, "decline")
    }

    public func refund(_ transactionID: UInt64, reason: Transaction.RevocationReason, percentage: Int)
        async throws(StoreError)
    {
        try await act(
            transactionID, "refund",
            body: Wire.Refund(
                value: reason.rawValue, percentage: percentage == RefundRequest.fullRefund ? nil : percentage)
        )
    }

    public func openRefundRequest(_ transactionID: UInt64, reason: ConsumptionRequestReason)
        async throws(StoreError)
    {
        try await act(transactionID, "refund-request", body: Wire.Value(reason.rawValue))
    }

    public func grantRefundRequest(_ transactionID: UInt64, percentage: Int) async throws(StoreError) {
        try await act(transactionID, "refund-grant", body: Wire.Value<Int?>(percentage))
    }

    public func declineRefundRequest(_ transactionID: UInt64) async throws(StoreError) {
        try await act(transactionID, "refund-decline")
    }

    public func reverseRefund(_ transactionID: UInt64) async throws(StoreError) {
        try await act(transactionID, "refund-reverse")
    }

    public func expireSubscription(productID: String) async throws(StoreError) {
        try await client.perform("POST", controlPath("subscriptions", Self.segment(productID), "expire"))
    }

    public func forceRenewal(productID: String) async throws(StoreError) {
        try await client.perform("POST", controlPath("subscriptions", Self.segment(productID), "renew"))
    }

    public func setAutoRenew(_ isEnabled: Bool, transactionID: UInt64) async throws(StoreError) {
        try await act(transactionID, "auto-renew", body: Wire.Value(isEnabled))
    }

    public func requestPriceIncreaseConsent(transactionID: UInt64) async throws(StoreError) {
        try await act(transactionID, "price-increase-request")
    }

    public func respondToPriceIncrease(transactionID: UInt64, accept: Bool) async throws(StoreError) {
        try await act(transactionID, "price-increase-response", body: Wire.Value(accept))
    }

    public func resolveIssue(transactionID: UInt64) async throws(StoreError) {
        try await act(transactionID, "resolve")
    }

    public func deleteTransaction(_ transactionID: UInt64) async throws(StoreError) {
        try await client.perform("DELETE", controlPath("transactions", "\(transactionID)"))
    }

    public func clearTransactions() async throws(StoreError) {
        try await client.perform("DELETE", controlPath("transactions"))
    }

    public func resetToDefaultState() async throws(StoreError) {
        try await client.perform("POST", "/v1/control/reset")
    }

    public func buyOffDevice(_ productID: String, options: [PurchaseOption]) async throws(StoreError)
        -> Transaction
    {
        try await client.call(
            "POST", controlPath("off-device-purchases"),
            body: Wire.PurchaseRequest(productID: productID, options: options),
            as: Wire.Value<Transaction>.self
        ).value
    }

    public func now() async throws(StoreError) -> Date {
        try await client.call("GET", "/v1/control/clock", as: Wire.Value<Date>.self).value
    }

    public func advanceClock(by interval: TimeInterval) async throws(StoreError) -> Date {
        try await client.call(
            "POST", "/v1/control/clock/advance", body: Wire.ClockAdvance(seconds: interval),
            as: Wire.Value<Date>.self
        ).value
    }

    public func advanceClock(periods count: Int, groupID: String) async throws(StoreError) -> Date {
        try await client.call(
            "POST", controlPath("clock", "advance"),
            body: Wire.ClockAdvance(periods: count, groupID: groupID),
            as: Wire.Value<Date>.self
        ).value
    }

    public func settings() async throws(StoreError) -> StoreSettings {
        try await client.call("GET", controlPath("settings"), as: StoreSettings.self)
    }

    public func apply(_ setting: StoreSetting) async throws(StoreError) {
        try await client.perform("PATCH", controlPath("settings"), body: Wire.SettingsPatch(setting))
    }

    public func setSimulatedError(_ failure: SimulatedFailure?, for api: FailableAPI) async throws(StoreError)
    {
        try await client.perform(
            "PUT", WireClient.path("v1", "control", "simulated-errors", api.key),
            body: Wire.Value(failure?.code))
    }

    public func simulatedErrors() async throws(StoreError) -> [FailableAPI: SimulatedFailure] {
        try await client.call("GET", "/v1/control/simulated-errors", as: Wire.SimulatedErrors.self).failures
    }

    public func notificationHistory(limit: Int) async throws(StoreError) -> [NotificationSummary] {
        try await client.call(
            "GET", controlPath("notifications") + "?limit=\(limit)", as: Wire.Notifications.self
        ).notifications
    }
}

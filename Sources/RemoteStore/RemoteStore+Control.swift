import Foundation
import StoreCore
import WireProtocol

extension RemoteStore: StoreControl {
    public func accounts() async throws(StoreError) -> [StoreAccount] {
        try await client.call("GET", "/v1/control/accounts", as: Wire.Accounts.self).accounts
    }

    public func currentAccount() async throws(StoreError) -> StoreAccount {
        try await client.call("GET", accountPath(), as: StoreAccount.self)
    }

    /// Acts for another account from now on (after checking the server knows it).
    /// Acts for `name` from now on, adding the account first when the store has none of that
    /// name: one request, whatever the number of accounts (listing them all costs O(accounts)).
    public func useAccount(_ name: AccountName) async throws(StoreError) {
        do {
            try await switchAccount(to: name)
        } catch .accountNotFound {
            try await addAccount(StoreAccount(name: name))
            try await switchAccount(to: name)
        }
    }

    public func switchAccount(to name: AccountName) async throws(StoreError) {
        _ = try await client.call(
            "GET", WireClient.path("v1", "accounts", name.rawValue), as: StoreAccount.self)
        guard name != account else { return }
        account = name
        // Open streams follow the account: each reconnects as the new one before this returns.
        await moveStreams()
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
    public func snapshot(groupID: String?, recordLimit: Int) async throws(StoreError) -> StoreSnapshot {
        let query =
            ([groupID.map { "group=" + Self.segment($0) }, "records=\(max(1, recordLimit))"] as [String?])
            .compactMap { $0 }.joined(separator: "&")
        let wire = try await client.call("GET", controlPath("snapshot"), query: query, as: Wire.Snapshot.self)
        var snapshot = StoreSnapshot()
        snapshot.products = wire.products
        snapshot.groupID = wire.groupID
        snapshot.entitlements = try check(wire.entitlements)
        snapshot.statuses = try check(wire.statuses)
        snapshot.isEligibleForIntroOffer = wire.isEligibleForIntroOffer
        snapshot.records = try check(wire.records)
        snapshot.recordCount = wire.recordCount ?? wire.records.count
        snapshot.notifications = wire.notifications
        snapshot.settings = wire.settings
        snapshot.account = wire.account
        snapshot.accounts = wire.accounts
        snapshot.clock = wire.clock
        snapshot.latestClock = wire.latestClock
        snapshot.simulatedErrors = wire.simulatedErrors.failures
        return snapshot
    }

    public func now() async throws(StoreError) -> Date {
        try await client.call("GET", "/v1/control/clock", as: Wire.Value<Date>.self).value
    }

    public func settings() async throws(StoreError) -> StoreSettings {
        try await client.call("GET", controlPath("settings"), as: StoreSettings.self)
    }

    public func simulatedErrors() async throws(StoreError) -> [FailableAPI: SimulatedFailure] {
        try await client.call("GET", "/v1/control/simulated-errors", as: Wire.SimulatedErrors.self).failures
    }

    public func notificationHistory(limit: Int) async throws(StoreError) -> [NotificationSummary] {
        try await client.call(
            "GET", controlPath("notifications") + "?limit=\(limit)", as: Wire.Notifications.self
        ).notifications
    }

    /// On the route the operation's wire table names; the acting account fills `{account}`.
    public func perform(_ operation: StoreOperation) async throws(StoreError) -> StoreOperationResult {
        let request = operation.wireRequest
        var parameters = request.parameters
        if parameters["account"] == nil { parameters["account"] = account.rawValue }
        let answer = try await client.send(
            request.route.method, request.route.path(parameters), bytes: request.body,
            repeatable: request.route.isRepeatable)
        return try operation.result(from: answer)
    }
}

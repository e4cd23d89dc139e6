import Foundation
import StoreCore

extension SimulatedStore: StoreControl {
    public func accounts() async throws(StoreError) -> [StoreAccount] {
        let accounts = state.storeAccounts().sorted { $0.name < $1.name }
        try checkReads()
        return accounts
    }

    /// Whether an account with this name exists (a constant-time check for servers).
    public func hasAccount(_ name: AccountName) -> Bool {
        guard state.account(name) != nil else { return false }
        knownAccounts.insert(name)
        return true
    }

    /// Whether `name` is known to exist, from any thread without a turn of the store; false
    /// means "ask `hasAccount`", not "missing".
    public nonisolated func isKnownAccount(_ name: AccountName) -> Bool { knownAccounts.contains(name) }

    public func currentAccount() async throws(StoreError) -> StoreAccount {
        guard let record = state.account(activeAccount) else {
            try checkReads()
            throw StoreError.accountNotFound(activeAccount)
        }
        return record.account
    }

    public func switchAccount(to name: AccountName) async throws(StoreError) {
        guard state.account(name) != nil else {
            try checkReads()
            throw StoreError.accountNotFound(name)
        }
        selectedAccount = name
    }

    public func transactionRecords() async throws(StoreError) -> [TransactionRecord] {
        try transactionRecords(limit: Int.max).records
    }

    /// The account's newest `limit` records, and how many it has (`StoreReader.transactionRecords`).
    func transactionRecords(limit: Int) throws(StoreError) -> (records: [TransactionRecord], count: Int) {
        try catchUp()
        return try reader.transactionRecords(of: activeAccount, limit: limit)
    }

    public func now() async throws(StoreError) -> Date { currentTime }

    public func settings() async throws(StoreError) -> StoreSettings {
        var settings = state.meta.settings
        settings.storefront = storefrontCode
        return settings
    }

    public func simulatedErrors() async throws(StoreError) -> [FailableAPI: SimulatedFailure] {
        state.meta.failures
    }

    /// One actor turn of reads for a screen (`StoreSnapshot.init(of:groupID:recordLimit:)`).
    public func snapshot(groupID: String?, recordLimit: Int) async throws(StoreError) -> StoreSnapshot {
        try await StoreSnapshot(of: self, groupID: groupID, recordLimit: recordLimit)
    }

    public func events() async -> AsyncStream<StoreEvent> {
        let (stream, _) = watch(\.events, account: activeAccount)
        startClock()
        return stream
    }

    /// SQLite's integrity check of the ledger ("ok" when sound).
    public func integrityCheck() throws(StoreError) -> String {
        do throws(LedgerError) {
            return try ledger.integrityCheck()
        } catch {
            throw StoreError(error)
        }
    }

    /// The identity signed payloads carry.
    public var identity: AppIdentity { state.meta.identity }

    /// Sells from `catalog` from now on: products, prices, offers and groups as it describes them,
    /// while accounts, transactions, subscriptions, settings and the clock stay as they are (the
    /// paywall's live reload of a saved `.storekit`). Watchers hear `.stateChanged` and read again.
    /// A product the new catalog lacks keeps its transactions; it is no longer offered.
    public func replaceCatalog(_ catalog: any ProductCatalog) {
        products.replaceCatalog(catalog)
        deliver([.event(account: nil, .stateChanged)])
    }
}

import Foundation
import StoreCore

extension SimulatedStore: StoreControl {
    public func accounts() async throws(StoreError) -> [StoreAccount] {
        let accounts = state.storeAccounts().sorted { $0.name < $1.name }
        try checkReads()
        return accounts
    }

    /// Whether an account with this name exists (a constant-time check for servers).
    public func hasAccount(_ name: String) -> Bool {
        guard state.account(name) != nil else { return false }
        knownAccounts.insert(name)
        return true
    }

    /// Whether `name` is known to exist, from any thread without a turn of the store; false
    /// means "ask `hasAccount`", not "missing".
    public nonisolated func isKnownAccount(_ name: String) -> Bool { knownAccounts.contains(name) }

    public func currentAccount() async throws(StoreError) -> StoreAccount {
        guard let record = state.account(activeAccount) else {
            try checkReads()
            throw StoreError.accountNotFound(activeAccount)
        }
        return record.account
    }

    public func switchAccount(to name: String) async throws(StoreError) {
        guard state.account(name) != nil else {
            try checkReads()
            throw StoreError.accountNotFound(name)
        }
        selectedAccount = name
    }

    public func transactionRecords() async throws(StoreError) -> [TransactionRecord] {
        try transactionRecords(limit: Int.max).records
    }

    /// The account's newest `limit` records, and how many it has: only those shown are
    /// made into records (each checks its signature and reads its subscription's state).
    func transactionRecords(limit: Int) throws(StoreError) -> (records: [TransactionRecord], count: Int) {
        try catchUp()
        let account = activeAccount
        let (page, count) = state.newestTransactions(of: account, limit: limit)
        try checkReads()
        var records: [TransactionRecord] = []
        records.reserveCapacity(page.count)
        for stored in page {
            let id = stored.id
            let transaction: VerificationResult<Transaction> =
                stored.isVisible
                ? try result(for: stored)
                : .unverified(
                    stored.transaction, .missingRequiredProperties(reason: "not completed yet"), jws: "")
            let chain = chain(of: stored.transaction, account: account)
            var pendingIncrease = false
            if case .pending = chain?.priceIncrease { pendingIncrease = true }
            records.append(
                TransactionRecord(
                    transaction: transaction, state: recordState(stored), isFinished: stored.isFinished,
                    renewalInfo: chain.map(renewalInfo(for:)), isPendingPriceIncreaseConsent: pendingIncrease,
                    refundRequest: state.account(account)?.refundRequests?.last { $0.transactionID == id }))
        }
        return (records, count)
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

    public func events() async -> AsyncStream<StoreEvent> {
        let (stream, continuation) = AsyncStream.makeStream(of: StoreEvent.self)
        let id = UUID()
        eventWatchers[id] = (activeAccount, continuation)
        continuation.onTermination = { [weak self] _ in Task { await self?.stopWatching(id) } }
        startClock()
        return stream
    }
}

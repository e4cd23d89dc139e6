import Foundation
import StoreCore

struct IdempotencyKey: Hashable, Sendable {
    var account: AccountName
    var key: String
}

/// The store's committed state as the engine reads it: the ledger is the source of truth and
/// this is a bounded cache of the part the current work needs. An account's record, its
/// subscriptions and idempotency records are read from the ledger when the account is first
/// used, its transactions when they are asked for; whatever was read may be dropped again
/// (`trim`), since reading it back gives the same committed rows. A class, so a
/// `StagedAction` can read it while staging changes without copying it; only the owning actor
/// touches it.
///
/// A failed read cannot throw through the engine's readers: it reads as missing and is kept
/// in `failure`, and the store refuses to commit an action (or answer a read) that saw one.
final class StoreState {
    var meta: StoreMeta {
        didSet { latestReads.clear() }
    }
    /// Answers of `latest(for:)` given from this state: emptied by every change to it.
    let latestReads = LatestReadCache()
    /// Accounts found to exist: emptied when the accounts are replaced (a reset, a save point).
    let knownAccounts = KnownAccounts()
    /// Where what is not in memory is read from; nil when everything is in memory (a
    /// history being generated, whose accounts are all new).
    let ledger: Ledger?
    /// The first failed read since the store last looked (`takeFailure`).
    private var failure: LedgerError?

    /// Accounts read so far: a record, or nil for a name the ledger does not hold.
    private var accounts: [AccountName: AccountRecord?] = [:]
    /// Each read account's subscriptions, by group.
    private var chains: [AccountName: [String: SubscriptionChain]] = [:]
    /// Each read account's idempotency records, by key.
    private var idempotency: [AccountName: [String: IdempotencyRecord]] = [:]
    /// Transactions read so far, by ID.
    private var transactions: [UInt64: StoredTransaction] = [:]
    /// The accounts whose every transaction is in `transactions`, with their IDs, oldest first.
    private var transactionIDsByAccount: [AccountName: [UInt64]] = [:]
    /// The earliest due event in the ledger's index (nil: not read since the last change).
    private var cachedEarliestDue: Date??
    /// The accounts the current action used: a trim keeps them (an account with more history
    /// than the budget would otherwise be read back whole by every request that needs it).
    private var touched: Set<AccountName> = []
    /// How many account and transaction lookups the engine made, from memory or the ledger:
    /// with the ledger's `work`, the shape of a cost that tests check without a clock.
    private(set) var lookups = 0

    /// How much stays in memory between actions: past this, the cache starts again empty.
    /// 20,000 of each measured the best trade (`kiosk-bench simulate` and `scale`): against
    /// 10,000 and 12,000, a year of 10,000 subscribers ran about 6% faster (its catch-up no
    /// longer reloads every account each batch) for 16 MB more peak on a million-transaction
    /// ledger (117 MB); 24,000 gained little more.
    var accountBudget = 20_000
    var transactionBudget = 20_000

    init(meta: StoreMeta, ledger: Ledger? = nil) {
        self.meta = meta
        self.ledger = ledger
    }

    /// The failed read since the last call, if any.
    func takeFailure() -> LedgerError? {
        defer { failure = nil }
        return failure
    }

    private func read<T>(_ body: (Ledger) throws(LedgerError) -> T?) -> T? {
        guard let ledger else { return nil }
        do throws(LedgerError) {
            return try body(ledger)
        } catch {
            if failure == nil { failure = error }
            return nil
        }
    }

    // MARK: Accounts

    func account(_ name: AccountName) -> AccountRecord? {
        lookups += 1
        touched.insert(name)
        if let known = accounts[name] { return known }
        loadAccount(name)
        return accounts[name] ?? nil
    }

    /// Reads an account's record and subscriptions. Nothing is dropped during an action (the
    /// cache is trimmed between actions), so what an action read stays read.
    private func loadAccount(_ name: AccountName) {
        guard ledger != nil else { return }
        let record = read { ledger throws(LedgerError) in try ledger.account(named: name) }
        let chains = read { ledger throws(LedgerError) in try ledger.chains(ofAccount: name) } ?? []
        accounts[name] = .some(record)
        self.chains[name] = Dictionary(chains.map { ($0.key.groupID, $0) }) { $1 }
    }

    /// Reads the accounts with something due, their subscriptions and those subscriptions'
    /// latest transactions in a few queries: what a clock advance over many accounts needs.
    func preload(_ keys: [SubscriptionChain.Key]) {
        let names = Array(Set(keys.map(\.account)).filter { accounts[$0] == nil })
        guard !names.isEmpty,
            let (records, loaded) = read({ ledger throws(LedgerError) in
                try ledger.accountsAndChains(named: names)
            })
        else { return }
        for name in names {
            accounts[name] = .some(nil)
            chains[name] = [:]
        }
        for record in records { accounts[record.account.name] = .some(record) }
        for chain in loaded { chains[chain.key.account]?[chain.key.groupID] = chain }
        let latest = loaded.map(\.latestTransactionID).filter { transactions[$0] == nil }
        for stored in read({ ledger throws(LedgerError) in try ledger.transactions(ids: latest) }) ?? [] {
            transactions[stored.id] = stored
        }
    }

    /// Every account as the account list shows it.
    func storeAccounts() -> [StoreAccount] {
        guard ledger != nil else { return allAccounts().map(\.account) }
        return read { ledger throws(LedgerError) in try ledger.storeAccounts() } ?? []
    }

    /// Every account, by name.
    func allAccounts() -> [AccountRecord] {
        guard ledger != nil else {
            return accounts.values.compactMap { $0 }.sorted { $0.account.name < $1.account.name }
        }
        return read { ledger throws(LedgerError) in try ledger.allAccounts() } ?? []
    }

    /// The names of the accounts in a family.
    func accountNames(inFamily familyID: String) -> [AccountName] {
        guard ledger != nil else {
            return accounts.values.compactMap { $0 }.filter { $0.account.familyID == familyID }.map(
                \.account.name)
        }
        return read { ledger throws(LedgerError) in try ledger.accountNames(inFamily: familyID) } ?? []
    }

    func accountName(withAppTransactionID id: String) -> AccountName? {
        read { ledger throws(LedgerError) in try ledger.accountName(withAppTransactionID: id) }
    }

    // MARK: Subscriptions and idempotency

    func chain(_ key: SubscriptionChain.Key) -> SubscriptionChain? {
        _ = account(key.account)
        return chains[key.account]?[key.groupID]
    }

    /// The account's subscriptions, by group ID.
    func chains(of account: AccountName) -> [SubscriptionChain] {
        _ = self.account(account)
        return (chains[account] ?? [:]).values.sorted { $0.key.groupID < $1.key.groupID }
    }

    /// Every subscription's key.
    func allChainKeys() -> [SubscriptionChain.Key] {
        guard ledger != nil else { return chains.values.flatMap { $0.values.map(\.key) } }
        return read { ledger throws(LedgerError) in try ledger.allChainKeys() } ?? []
    }

    /// An account's idempotency records are read the first time one of them is asked for.
    func idempotency(_ key: IdempotencyKey) -> IdempotencyRecord? {
        if idempotency[key.account] == nil, ledger != nil {
            let records =
                read { ledger throws(LedgerError) in try ledger.idempotencyRecords(ofAccount: key.account) }
                ?? []
            idempotency[key.account] = Dictionary(records.map { ($0.key, $0) }) { $1 }
        }
        return idempotency[key.account]?[key.key]
    }

    // MARK: Transactions

    func transaction(_ id: UInt64) -> StoredTransaction? {
        lookups += 1
        if let stored = transactions[id] { return stored }
        guard let stored = read({ ledger throws(LedgerError) in try ledger.transaction(id: id) }) else {
            return nil
        }
        transactions[id] = stored
        return stored
    }

    /// The account's transactions, oldest first.
    func transactions(of account: AccountName) -> [StoredTransaction] {
        touched.insert(account)
        if let ids = transactionIDsByAccount[account] { return ids.compactMap { transactions[$0] } }
        guard ledger != nil else { return [] }
        let loaded = read { ledger throws(LedgerError) in try ledger.transactions(ofAccount: account) } ?? []
        for stored in loaded { transactions[stored.id] = stored }
        transactionIDsByAccount[account] = loaded.map(\.id)
        return loaded
    }

    /// The account's newest `limit` transactions that are not deleted, newest first, and how
    /// many it has: from the cache when it holds the whole account, else a page read from the
    /// ledger and not kept (a page of a long history must not push out the work at hand).
    func newestTransactions(of account: AccountName, limit: Int) -> (page: [StoredTransaction], count: Int) {
        touched.insert(account)
        let limit = max(limit, 0)
        if let ids = transactionIDsByAccount[account] {
            let kept = ids.compactMap { transactions[$0] }.filter { !$0.isDeleted }
            return (Array(kept.reversed().prefix(limit)), kept.count)
        }
        guard ledger != nil else { return ([], 0) }
        return read { ledger throws(LedgerError) in
            try ledger.newestTransactions(ofAccount: account, limit: limit)
        }
            ?? ([], 0)
    }

    /// The IDs of the account's transactions, oldest first, when every one of them is in
    /// memory (each is then in `transaction(_:)` without a read), else nil: a history page
    /// walks these when the account is at work, and reads the ledger a chunk at a time,
    /// keeping nothing, when it is not.
    func cachedTransactionIDs(of account: AccountName) -> [UInt64]? {
        touched.insert(account)
        return transactionIDsByAccount[account]
    }

    // MARK: Due events

    /// No subscription has an event due before this date (`.distantFuture`: none at all).
    func earliestDue() -> Date {
        if let known = cachedEarliestDue { return known ?? .distantFuture }
        guard ledger != nil else { return .distantPast }
        let earliest = read { ledger throws(LedgerError) in try ledger.earliestDue() }
        // A failed read must not hide due events: treat everything as due.
        let due = earliest ?? (failure == nil ? nil : .distantPast)
        cachedEarliestDue = .some(due)
        return due ?? .distantFuture
    }

    /// The subscriptions the ledger's index has due by `date`, earliest first, at most
    /// `limit`, and the due date of the first left out (every one in memory without a ledger).
    func dueKeys(through date: Date, limit: Int) -> (keys: [SubscriptionChain.Key], cutoff: Date?) {
        guard ledger != nil else { return (chains.values.flatMap { $0.values.map(\.key) }, nil) }
        return read { ledger throws(LedgerError) in try ledger.dueKeys(through: date, limit: limit) } ?? (
            [], nil
        )
    }

    /// The subscriptions in billing retry (their due dates depend on the time rate).
    func retryKeys() -> [SubscriptionChain.Key] {
        read { ledger throws(LedgerError) in try ledger.retryKeys() } ?? []
    }

    /// Whether the account's record is in memory (for tests of what an action reads).
    func isCached(account name: AccountName) -> Bool { accounts[name] != nil }

    /// How many transactions are in memory.
    var cachedTransactionCount: Int { transactions.count }

    // MARK: Changes

    /// Takes a committed changeset.
    func apply(_ changes: Changeset) {
        latestReads.clear()
        if changes.wipe {
            knownAccounts.clear()
            accounts = [:]
            chains = [:]
            idempotency = [:]
            transactions = [:]
            transactionIDsByAccount = [:]
        }
        if let meta = changes.meta { self.meta = meta }
        for (name, record) in changes.accounts {
            // An account not read yet is read from the ledger when first used, as committed.
            guard let known = accounts[name] else { continue }
            if known == nil {
                // New: it has no rows of its own before this change.
                chains[name] = [:]
                if ledger == nil { idempotency[name] = [:] }
                transactionIDsByAccount[name] = []
            }
            accounts[name] = .some(record)
        }
        // New IDs are allocated in increasing order, so appending in ID order keeps lists sorted.
        for id in changes.transactions.keys.sorted() {
            let stored = changes.transactions[id]!
            if transactions.updateValue(stored, forKey: id) == nil, changes.newTransactionIDs.contains(id) {
                transactionIDsByAccount[stored.account]?.append(id)
            }
        }
        for key in changes.removedChains { chains[key.account]?[key.groupID] = nil }
        for chain in changes.chains.values {
            // A renewal's transaction replaces the one the engine reads next time: the one it
            // replaced goes (unless its account's whole history is in memory), so renewing
            // every account month after month keeps one transaction each in memory.
            if let old = chains[chain.key.account]?[chain.key.groupID],
                old.latestTransactionID != chain.latestTransactionID,
                transactionIDsByAccount[chain.key.account] == nil
            {
                transactions[old.latestTransactionID] = nil
            }
            chains[chain.key.account]?[chain.key.groupID] = chain
        }
        for record in changes.idempotency { idempotency[record.account]?[record.key] = record }
        if changes.wipe || !changes.dueDates.isEmpty { cachedEarliestDue = nil }
    }

    /// Drops what was read once it outgrows the budget (the next read loads it again).
    /// Between actions: what outgrew its budget is dropped, but for the accounts the action
    /// just used (the work at hand; the next request most likely needs them again).
    func trim() {
        defer { touched = [] }
        guard ledger != nil else { return }
        if accounts.count > accountBudget {
            accounts = accounts.filter { touched.contains($0.key) }
            chains = chains.filter { touched.contains($0.key) }
            idempotency = idempotency.filter { touched.contains($0.key) }
        }
        if transactions.count > transactionBudget {
            transactionIDsByAccount = transactionIDsByAccount.filter { touched.contains($0.key) }
            var kept: [UInt64: StoredTransaction] = [:]
            for id in transactionIDsByAccount.values.joined() { kept[id] = transactions[id] }
            transactions = kept
        }
    }
}

extension StoreState {
    /// Forgets every row it read, after the ledger's rows were replaced wholesale (a save point
    /// loaded): the next reads load the new rows.
    func forgetRows(meta: StoreMeta) {
        latestReads.clear()
        knownAccounts.clear()
        self.meta = meta
        accounts = [:]
        chains = [:]
        idempotency = [:]
        transactions = [:]
        transactionIDsByAccount = [:]
        cachedEarliestDue = nil
        touched = []
        failure = nil
    }
}

import Foundation
import StoreCore

/// Point reads: the store loads what an action needs, when it needs it, instead of the whole
/// history at open (`StoreState` keeps a bounded cache of them). Every read is strict, like
/// the rest of the ledger: a row that does not decode is an error naming its table and key.
extension Ledger {
    static let transactionColumns = """
        SELECT t.account, t.phase, t.finished, t.deleted, t.shared_from, t.pending, t.payload, t.jws, h.header, t.id
        FROM transactions t LEFT JOIN jws_headers h ON h.id = t.jws_header
        """

    /// The account's record, if it exists.
    func account(named name: AccountName) throws(LedgerError) -> AccountRecord? {
        var result: AccountRecord?
        try connection.query("SELECT record FROM accounts WHERE name = ?", [.text(name)]) {
            row throws(LedgerError) in
            result = try decode(AccountRecord.self, row.data(0), table: "accounts", key: name.rawValue)
        }
        return result
    }

    /// Every account's record, by name.
    func allAccounts() throws(LedgerError) -> [AccountRecord] {
        var result: [AccountRecord] = []
        try connection.query("SELECT name, record FROM accounts ORDER BY name") { row throws(LedgerError) in
            let name = try required(row.text(0), "name", table: "accounts", key: "(no name)")
            result.append(try decode(AccountRecord.self, row.data(1), table: "accounts", key: name))
        }
        return result
    }

    /// Every account as the account list shows it, read from the records by SQLite (a
    /// store with thousands of accounts lists them without decoding every record).
    func storeAccounts() throws(LedgerError) -> [StoreAccount] {
        var result: [StoreAccount] = []
        try connection.query(
            "SELECT name, json_extract(record, '$.account.storefront'), family_id FROM accounts ORDER BY name"
        ) { row throws(LedgerError) in
            let name = try required(row.text(0), "name", table: "accounts", key: "(no name)")
            let storefront = try required(row.text(1), "storefront", table: "accounts", key: name)
            result.append(
                StoreAccount(name: AccountName(name), storefront: storefront, familyID: row.text(2)))
        }
        return result
    }

    /// Several accounts' records and subscriptions at once (a clock advance reads every
    /// account with something due this way: a few queries instead of a few per account).
    func accountsAndChains(named names: [AccountName]) throws(LedgerError) -> (
        records: [AccountRecord], chains: [SubscriptionChain]
    ) {
        var records: [AccountRecord] = []
        var chains: [SubscriptionChain] = []
        for start in stride(from: 0, to: names.count, by: 500) {
            let slice = names[start..<min(start + 500, names.count)]
            let marks = Array(repeating: "?", count: slice.count).joined(separator: ",")
            let bindings = slice.map { SQLiteValue.text($0) }
            try connection.query("SELECT name, record FROM accounts WHERE name IN (\(marks))", bindings) {
                row throws(LedgerError) in
                let name = try required(row.text(0), "name", table: "accounts", key: "(no name)")
                records.append(try decode(AccountRecord.self, row.data(1), table: "accounts", key: name))
            }
            try connection.query(
                "SELECT account, group_id, record FROM chains WHERE account IN (\(marks))", bindings
            ) { row throws(LedgerError) in
                guard let chain = SubscriptionChain(ledgerJSON: row.data(2)) else {
                    throw corrupt(
                        "chains", "\(row.text(0) ?? "?")/\(row.text(1) ?? "?")",
                        "the subscription record does not decode")
                }
                chains.append(chain)
            }
        }
        return (records, chains)
    }

    /// Several transactions by ID at once.
    func transactions(ids: [UInt64]) throws(LedgerError) -> [StoredTransaction] {
        var result: [StoredTransaction] = []
        for start in stride(from: 0, to: ids.count, by: 500) {
            let slice = ids[start..<min(start + 500, ids.count)]
            let marks = Array(repeating: "?", count: slice.count).joined(separator: ",")
            try connection.query(
                Self.transactionColumns + " WHERE t.id IN (\(marks))", slice.map { .integer(Int64($0)) }
            ) { row throws(LedgerError) in
                result.append(try storedTransaction(row))
            }
        }
        return result
    }

    /// The names of the accounts in a family (schema 6 keeps the family beside the record).
    func accountNames(inFamily familyID: String) throws(LedgerError) -> [AccountName] {
        var result: [AccountName] = []
        try connection.query("SELECT name FROM accounts WHERE family_id = ?", [.text(familyID)]) {
            if let name = $0.accountName(0) { result.append(name) }
        }
        return result
    }

    /// The account whose app transaction has this ID.
    func accountName(withAppTransactionID id: String) throws(LedgerError) -> AccountName? {
        var result: AccountName?
        try connection.query("SELECT name FROM accounts WHERE app_transaction_id = ? LIMIT 1", [.text(id)]) {
            result = $0.accountName(0)
        }
        return result
    }

    /// One transaction by ID, whoever owns it.
    func transaction(id: UInt64) throws(LedgerError) -> StoredTransaction? {
        var result: StoredTransaction?
        try connection.query(Self.transactionColumns + " WHERE t.id = ?", [.integer(Int64(id))]) {
            row throws(LedgerError) in
            result = try storedTransaction(row)
        }
        return result
    }

    /// The account's transactions, oldest first.
    func transactions(ofAccount account: AccountName) throws(LedgerError) -> [StoredTransaction] {
        var result: [StoredTransaction] = []
        try connection.query(
            Self.transactionColumns + " WHERE t.account = ? ORDER BY t.id", [.text(account)]
        ) { row throws(LedgerError) in
            result.append(try storedTransaction(row))
        }
        return result
    }

    /// The account's newest `limit` transactions that are not deleted, newest first, and how
    /// many it has (a page of the Transaction Manager: both walk the account's index).
    func newestTransactions(ofAccount account: AccountName, limit: Int) throws(LedgerError) -> (
        page: [StoredTransaction], count: Int
    ) {
        var page: [StoredTransaction] = []
        try connection.query(
            Self.transactionColumns + " WHERE t.account = ? AND t.deleted = 0 ORDER BY t.id DESC LIMIT ?",
            [.text(account), .integer(Int64(min(limit, Int(Int64.max))))]
        ) { row throws(LedgerError) in
            page.append(try storedTransaction(row))
        }
        var count = 0
        try connection.query(
            "SELECT COUNT(*) FROM transactions WHERE account = ? AND deleted = 0", [.text(account)]
        ) { count = Int($0.integer(0)) }
        return (page, count)
    }

    /// Up to `limit` of the account's transactions with an ID after `id` (before it when
    /// `descending`), in ID order, each with its JWS when signed: a history page reads these
    /// chunks on the account's index (a keyset, so a chunk costs the same deep in a long
    /// history) until it has found enough. Rows of every phase come back; the caller decides
    /// which belong in its history.
    func transactions(ofAccount account: AccountName, after id: UInt64?, descending: Bool, limit: Int)
        throws(LedgerError) -> [(stored: StoredTransaction, jws: String?)]
    {
        // IDs are stored as SQLite's signed 64-bit integers; a bound past them matches nothing
        // more than the largest would.
        let bound = id.map { Int64(clamping: $0) } ?? (descending ? Int64.max : Int64.min)
        let condition = descending ? "t.id < ? ORDER BY t.id DESC" : "t.id > ? ORDER BY t.id"
        var result: [(stored: StoredTransaction, jws: String?)] = []
        try connection.query(
            Self.transactionColumns + " WHERE t.account = ? AND \(condition) LIMIT ?",
            [.text(account), .integer(bound), .integer(Int64(clamping: max(limit, 0)))]
        ) { row throws(LedgerError) in
            result.append((try storedTransaction(row), Self.joined(header: row.text(8), rest: row.text(7))))
        }
        return result
    }

    /// The account's subscriptions, by group.
    func chains(ofAccount account: AccountName) throws(LedgerError) -> [SubscriptionChain] {
        var result: [SubscriptionChain] = []
        try connection.query("SELECT group_id, record FROM chains WHERE account = ?", [.text(account)]) {
            row throws(LedgerError) in
            guard let chain = SubscriptionChain(ledgerJSON: row.data(1)) else {
                throw corrupt(
                    "chains", "\(account)/\(row.text(0) ?? "?")", "the subscription record does not decode")
            }
            result.append(chain)
        }
        return result
    }

    /// Every subscription's key (a mass renewal extension walks them all).
    func allChainKeys() throws(LedgerError) -> [SubscriptionChain.Key] {
        var result: [SubscriptionChain.Key] = []
        try connection.query("SELECT account, group_id FROM chains ORDER BY account, group_id") {
            result.append(SubscriptionChain.Key(account: $0.accountName(0) ?? "", groupID: $0.text(1) ?? ""))
        }
        return result
    }

    /// The account's idempotency records.
    func idempotencyRecords(ofAccount account: AccountName) throws(LedgerError) -> [IdempotencyRecord] {
        var result: [IdempotencyRecord] = []
        try connection.query(
            "SELECT account, key, transaction_id, outcome, app_account_token FROM idempotency WHERE account = ?",
            [.text(account)]
        ) { row throws(LedgerError) in
            result.append(try idempotencyRecord(row))
        }
        return result
    }
}

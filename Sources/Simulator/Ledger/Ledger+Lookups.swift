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
    func account(named name: String) throws(LedgerError) -> AccountRecord? {
        var result: AccountRecord?
        try connection.query("SELECT record FROM accounts WHERE name = ?", [.text(name)]) {
            row throws(LedgerError) in
            result = try decode(AccountRecord.self, row.data(0), table: "accounts", key: name)
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

    /// The names of the accounts in a family (schema 5 keeps the family beside the record).
    func accountNames(inFamily familyID: String) throws(LedgerError) -> [String] {
        var result: [String] = []
        try connection.query("SELECT name FROM accounts WHERE family_id = ?", [.text(familyID)]) {
            if let name = $0.text(0) { result.append(name) }
        }
        return result
    }

    /// The account whose app transaction has this ID.
    func accountName(withAppTransactionID id: String) throws(LedgerError) -> String? {
        var result: String?
        try connection.query("SELECT name FROM accounts WHERE app_transaction_id = ? LIMIT 1", [.text(id)]) {
            result = $0.text(0)
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
    func transactions(ofAccount account: String) throws(LedgerError) -> [StoredTransaction] {
        var result: [StoredTransaction] = []
        try connection.query(
            Self.transactionColumns + " WHERE t.account = ? ORDER BY t.id", [.text(account)]
        ) { row throws(LedgerError) in
            result.append(try storedTransaction(row))
        }
        return result
    }

    /// The account's subscriptions, by group.
    func chains(ofAccount account: String) throws(LedgerError) -> [SubscriptionChain] {
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
            result.append(SubscriptionChain.Key(account: $0.text(0) ?? "", groupID: $0.text(1) ?? ""))
        }
        return result
    }

    /// The account's idempotency records.
    func idempotencyRecords(ofAccount account: String) throws(LedgerError) -> [IdempotencyRecord] {
        var result: [IdempotencyRecord] = []
        try connection.query(
            "SELECT account, key, transaction_id, outcome FROM idempotency WHERE account = ?",
            [.text(account)]
        ) { row throws(LedgerError) in
            result.append(try idempotencyRecord(row))
        }
        return result
    }
}

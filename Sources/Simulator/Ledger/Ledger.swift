import Foundation
import StoreCore

/// The store's durable memory on SQLite: WAL journal, `synchronous=FULL`, a versioned schema,
/// and every action committed as one transaction. A purchase is acknowledged only after its
/// commit returns, so a crash at any instant loses nothing that was acknowledged.
final class Ledger {
    private let connection: SQLiteConnection
    private let encoder: JSONEncoder
    private let decoder: JSONDecoder

    /// Opens the ledger at `path` (":memory:" for an ephemeral store) and migrates it.
    /// - Throws: `SQLiteError` naming the file when it cannot be opened, is not a ledger, or
    ///   was written by a newer Kiosk.
    init(path: String) throws {
        connection = try SQLiteConnection(path: path)
        encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .millisecondsSince1970
        encoder.outputFormatting = [.sortedKeys]
        decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .millisecondsSince1970
        if path != ":memory:" {
            try connection.execute("PRAGMA journal_mode=WAL")
        }
        try connection.execute("PRAGMA synchronous=FULL")
        try migrate()
    }

    private func migrate() throws {
        var version = 0
        try connection.query("PRAGMA user_version") { version = Int($0.integer(0)) }
        guard version <= LedgerSchema.currentVersion else {
            throw SQLiteError(
                code: 0,
                message: "ledger schema \(version) is newer than this Kiosk understands "
                    + "(\(LedgerSchema.currentVersion)); upgrade Kiosk or use another --state directory",
                path: connection.path)
        }
        for index in version..<LedgerSchema.currentVersion {
            try connection.transaction {
                try connection.execute(LedgerSchema.migrations[index])
                try connection.execute("PRAGMA user_version=\(index + 1)")
            }
        }
    }

    // MARK: Loading

    /// Everything but signatures and notifications, which stay on disk until asked for.
    func load() throws -> StoreState? {
        var metaJSON: Data?
        try connection.query("SELECT value FROM meta WHERE key = 'store'") { metaJSON = $0.data(0) }
        guard let metaJSON else { return nil }
        let state = StoreState(meta: try decode(StoreMeta.self, metaJSON, what: "store settings"))
        try connection.query("SELECT record FROM accounts") { row in
            let record = try decode(AccountRecord.self, row.data(0), what: "an account")
            state.accounts[record.account.name] = record
        }
        try connection.query("SELECT record FROM transactions ORDER BY id") { row in
            state.insert(try decode(StoredTransaction.self, row.data(0), what: "a transaction"))
        }
        try connection.query("SELECT record FROM chains") { row in
            let chain = try decode(SubscriptionChain.self, row.data(0), what: "a subscription")
            state.chains[chain.key] = chain
        }
        try connection.query("SELECT account, key, transaction_id, outcome FROM idempotency") { row in
            let record = IdempotencyRecord(
                account: row.text(0) ?? "", key: row.text(1) ?? "",
                transactionID: row.integer(2) == 0 ? nil : UInt64(row.integer(2)),
                outcome: IdempotencyRecord.Outcome(rawValue: row.text(3) ?? "") ?? .success)
            state.idempotency[IdempotencyKey(account: record.account, key: record.key)] = record
        }
        return state
    }

    /// The stored JWS of a transaction.
    func signature(of transactionID: UInt64) throws -> String? {
        var jws: String?
        try connection.query("SELECT jws FROM transactions WHERE id = ?", [.integer(Int64(transactionID))]) {
            jws = $0.text(0)
        }
        return jws
    }

    /// Notifications recorded after `sequence`, oldest first, optionally for one account.
    func notifications(after sequence: Int64, account: String? = nil, limit: Int = 1_000) throws
        -> [OutboxNotification]
    {
        var result: [OutboxNotification] = []
        let sql =
            account == nil
            ? "SELECT record FROM outbox WHERE sequence > ? ORDER BY sequence LIMIT ?"
            : "SELECT record FROM outbox WHERE sequence > ? AND account = ? ORDER BY sequence LIMIT ?"
        var bindings: [SQLiteValue] = [.integer(sequence)]
        if let account { bindings.append(.text(account)) }
        bindings.append(.integer(Int64(limit)))
        try connection.query(sql, bindings) { row in
            result.append(try decode(OutboxNotification.self, row.data(0), what: "a notification"))
        }
        return result
    }

    /// SQLite's own consistency check; "ok" when the file is sound.
    func integrityCheck() throws -> String {
        var lines: [String] = []
        try connection.query("PRAGMA integrity_check") { lines.append($0.text(0) ?? "") }
        return lines.joined(separator: "\n")
    }

    // MARK: Committing

    /// Writes a changeset in one SQLite transaction.
    func commit(_ changes: Changeset) throws {
        guard !changes.isEmpty else { return }
        try connection.transaction {
            if changes.wipe {
                try connection.execute(
                    "DELETE FROM accounts; DELETE FROM transactions; DELETE FROM chains; DELETE FROM idempotency;"
                )
            }
            if let meta = changes.meta {
                try connection.query(
                    "INSERT INTO meta(key, value) VALUES('store', ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                    [.text(try encode(meta))])
            }
            for record in changes.accounts.values {
                try connection.query(
                    "INSERT INTO accounts(name, record) VALUES(?, ?) ON CONFLICT(name) DO UPDATE SET record = excluded.record",
                    [.text(record.account.name), .text(try encode(record))])
            }
            for stored in changes.transactions.values {
                let jws: SQLiteValue = changes.signatures[stored.id].map(SQLiteValue.text) ?? .null
                try connection.query(
                    """
                    INSERT INTO transactions(id, account, original_id, record, jws) VALUES(?, ?, ?, ?, ?)
                    ON CONFLICT(id) DO UPDATE SET record = excluded.record, jws = COALESCE(excluded.jws, jws)
                    """,
                    [
                        .integer(Int64(stored.id)), .text(stored.account),
                        .integer(Int64(stored.transaction.originalID)), .text(try encode(stored)), jws,
                    ])
            }
            for key in changes.removedChains where changes.chains[key] == nil {
                try connection.query(
                    "DELETE FROM chains WHERE account = ? AND group_id = ?",
                    [.text(key.account), .text(key.groupID)])
            }
            for chain in changes.chains.values {
                try connection.query(
                    """
                    INSERT INTO chains(account, group_id, record) VALUES(?, ?, ?)
                    ON CONFLICT(account, group_id) DO UPDATE SET record = excluded.record
                    """,
                    [.text(chain.key.account), .text(chain.key.groupID), .text(try encode(chain))])
            }
            for notification in changes.notifications {
                try connection.query(
                    "INSERT INTO outbox(sequence, uuid, account, record) VALUES(?, ?, ?, ?)",
                    [
                        .integer(notification.sequence), .text(notification.id.uuidString.lowercased()),
                        .text(notification.account), .text(try encode(notification)),
                    ])
            }
            for record in changes.idempotency {
                try connection.query(
                    "INSERT OR REPLACE INTO idempotency(account, key, transaction_id, outcome) VALUES(?, ?, ?, ?)",
                    [
                        .text(record.account), .text(record.key),
                        record.transactionID.map { .integer(Int64($0)) } ?? .null,
                        .text(record.outcome.rawValue),
                    ])
            }
        }
    }

    private func encode(_ value: some Encodable) throws -> String {
        String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    private func decode<T: Decodable>(_ type: T.Type, _ data: Data, what: String) throws -> T {
        do {
            return try decoder.decode(type, from: data)
        } catch {
            throw SQLiteError(
                code: 0,
                message:
                    "\(what) in the ledger is unreadable (\(error)); restore a backup or reset the store",
                path: connection.path)
        }
    }
}

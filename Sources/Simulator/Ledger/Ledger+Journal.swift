import Foundation
import StoreCore

/// The QA journal's table (schema 5): written inside `write(_:)` with the change each line
/// records, read by `kiosk journal` and `kiosk report`.
extension Ledger {
    /// Appends `entries` (inside the caller's transaction).
    func writeJournal(_ entries: [JournalEntry]) throws(LedgerError) {
        for entry in entries {
            try connection.query(
                """
                INSERT INTO journal(wall_time, store_time, session, source, screen, account, action, result,
                    notifications, transactions, picture)
                VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
                [
                    .integer(Self.milliseconds(entry.wallTime)), .integer(Self.milliseconds(entry.storeTime)),
                    .text(entry.session), .text(entry.source.rawValue),
                    entry.screen.map(SQLiteValue.text) ?? .null,
                    .text(entry.account), .text(entry.action), .text(entry.result),
                    .text(Self.json(entry.notifications)), .text(Self.json(entry.transactionIDs)),
                    entry.picture.map(SQLiteValue.text) ?? .null,
                ])
        }
    }

    /// Journal entries matching `filter`, oldest first.
    func journal(_ filter: JournalFilter) throws(LedgerError) -> [JournalEntry] {
        var conditions: [String] = []
        var bindings: [SQLiteValue] = []
        if let since = filter.since {
            conditions.append("wall_time >= ?")
            bindings.append(.integer(Self.milliseconds(since)))
        }
        if let account = filter.account {
            conditions.append("account = ?")
            bindings.append(.text(account))
        }
        if let session = filter.session {
            conditions.append("session = ?")
            bindings.append(.text(session))
        }
        let condition = conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND ")
        var entries: [JournalEntry] = []
        try connection.query(
            """
            SELECT sequence, wall_time, store_time, session, source, screen, account, action, result, notifications,
                transactions, picture FROM journal \(condition) ORDER BY sequence LIMIT ?
            """, bindings + [.integer(Int64(filter.limit))]
        ) { row throws(LedgerError) in
            let key = "\(row.integer(0))"
            entries.append(
                JournalEntry(
                    sequence: row.integer(0), wallTime: Self.date(row.integer(1)),
                    storeTime: Self.date(row.integer(2)),
                    session: try required(row.text(3), "session", table: "journal", key: key),
                    source: JournalSource(
                        text: try required(row.text(4), "source", table: "journal", key: key)),
                    screen: row.text(5),
                    account: AccountName(try required(row.text(6), "account", table: "journal", key: key)),
                    action: try required(row.text(7), "action", table: "journal", key: key),
                    result: try required(row.text(8), "result", table: "journal", key: key),
                    notifications: try decode(
                        [JournalEntry.Notification].self, row.data(9), table: "journal", key: key),
                    transactionIDs: try decode([UInt64].self, row.data(10), table: "journal", key: key),
                    picture: row.text(11)))
        }
        return entries
    }

    /// The session of the newest line from `source` ("paywall"), if any.
    func latestSession(source: JournalSource) throws(LedgerError) -> String? {
        var session: String?
        try connection.query(
            "SELECT session FROM journal WHERE source = ? ORDER BY sequence DESC LIMIT 1",
            [.text(source.rawValue)]
        ) { session = $0.text(0) }
        return session
    }

    /// How many journal lines there are (tests: one per committed action).
    func journalCount() throws(LedgerError) -> Int {
        var count = 0
        try connection.query("SELECT count(*) FROM journal") { count = Int($0.integer(0)) }
        return count
    }

    /// A read-only ledger must be of this Kiosk's schema: an older one would need a migration
    /// (a write), a newer one is not understood.
    func checkReadableSchema() throws(LedgerError) {
        var version = 0
        try connection.query("PRAGMA user_version") { version = Int($0.integer(0)) }
        if version > LedgerSchema.currentVersion {
            throw .newerSchema(found: version, supported: LedgerSchema.currentVersion, path: connection.path)
        }
        if version < LedgerSchema.currentVersion {
            throw .olderSchema(found: version, supported: LedgerSchema.currentVersion, path: connection.path)
        }
    }
}

extension Ledger {
    /// A line's notifications as JSON, as the ledger's `JSONEncoder` (sorted keys) writes them.
    /// Every commit writes a line, and the encoder was a tenth of a purchase's time on the
    /// store's thread (perf, `kiosk-bench purchase`).
    static func json(_ notifications: [JournalEntry.Notification]) -> String {
        var bytes: [UInt8] = [UInt8(ascii: "[")]
        for (index, notification) in notifications.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            var writer = JSONObjectWriter()
            writer.add("sequence", notification.sequence)
            writer.add("subtype", notification.subtype?.rawValue)
            writer.add("type", notification.type.rawValue)
            bytes += writer.bytes()
        }
        bytes.append(UInt8(ascii: "]"))
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A line's transaction IDs as a JSON array.
    static func json(_ transactionIDs: [UInt64]) -> String {
        "[" + transactionIDs.map(String.init).joined(separator: ",") + "]"
    }
}

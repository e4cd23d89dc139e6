import Foundation
import StoreCore

/// Save points (docs/qa.md): a whole ledger copied with SQLite's online backup into one file,
/// with the state's certificate authority beside it in `kiosk_files`, and put back in one
/// transaction that keeps the journal.
extension Ledger {
    /// Tables a save point carries beyond the ledger's own (never copied back into a ledger).
    static let savePointTables = ["kiosk_files", "kiosk_save_point"]

    /// Writes this ledger, `files` (path relative to the state directory, mode, contents) and
    /// `info` into a new save point file at `path` (replaced when it exists).
    func save(to path: String, files: [SavePointFile], info: [String: String]) throws(LedgerError) {
        // The copy holds what is committed: commit the open batch first.
        try flushBatch()
        let temporary = path + ".partial-\(getpid())"
        unlink(temporary)
        do throws(LedgerError) {
            try connection.backup(to: temporary)
            let copy = try SQLiteConnection(path: temporary)
            try copy.execute("PRAGMA journal_mode=DELETE")
            try copy.transaction { () throws(LedgerError) in
                try copy.execute(SavePointSchema.savePointTablesSQL)
                for file in files {
                    try copy.query(
                        "INSERT INTO kiosk_files(path, mode, content) VALUES(?, ?, ?)",
                        [
                            .text(file.path), .integer(Int64(file.mode)),
                            .text(file.contents.base64EncodedString()),
                        ])
                }
                for (key, value) in info {
                    try copy.query(
                        "INSERT INTO kiosk_save_point(key, value) VALUES(?, ?)", [.text(key), .text(value)])
                }
            }
        } catch {
            unlink(temporary)
            throw error
        }
        guard rename(temporary, path) == 0 else {
            unlink(temporary)
            throw .sqlite(SQLiteError(code: 14, message: String(cString: strerror(errno)), path: path))
        }
    }

    /// Replaces everything in this ledger with the save point at `path` (already checked and
    /// migrated: `SavePointFile.check`) in one transaction, with `line` in the journal. The
    /// journal itself is kept: the save point's lines this ledger lacks (an imported tester's
    /// session) are appended, so a load never erases the history of the session that loaded it.
    func restore(from path: String, line: JournalEntry) throws(LedgerError) {
        // ATTACH cannot run inside a transaction: commit the open batch first.
        try flushBatch()
        // The copy was checked against `SavePointSchema` and migrated to this Kiosk's schema:
        // every table and column named here is Kiosk's own, copied by name, never by position
        // and never by a name read from the file.
        guard let schema = try SavePointSchema.current() else {
            throw .ownSchemaUnbuildable(version: LedgerSchema.currentVersion, problem: "no such version")
        }
        try connection.query("ATTACH DATABASE ? AS save_point", [.text(path)])
        // A defer cannot throw: a failed detach leaves it attached until the connection closes,
        // and the next ATTACH says so.
        defer { try? connection.execute("DETACH DATABASE save_point") }
        try writeTransaction { () throws(LedgerError) in
            for table in schema.copiedTables {
                let name = SavePointValidator.quoted(table.name)
                let columns = table.columns.map { SavePointValidator.quoted($0.name) }.joined(separator: ", ")
                try connection.execute(
                    "DELETE FROM main.\(name); INSERT INTO main.\(name)(\(columns)) SELECT \(columns) FROM save_point.\(name);"
                )
            }
            try mergeJournal()
            try writeJournal([line])
        }
        try forgetCaches()
    }
}

extension Ledger {
    /// Appends the attached save point's journal lines this ledger lacks, 512 at a time. One
    /// statement for all would be read whole into memory first: SQLite materialises an
    /// INSERT ... SELECT that reads its own target table (the NOT EXISTS), and a save point's
    /// journal can be gigabytes.
    fileprivate func mergeJournal() throws(LedgerError) {
        let columns =
            "wall_time, store_time, session, source, screen, account, action, result, notifications, "
            + "transactions, picture"
        var after = Int64.min
        while true {
            var last: Int64?
            try connection.query(
                "SELECT max(sequence) FROM (SELECT sequence FROM save_point.journal WHERE sequence > ? "
                    + "ORDER BY sequence LIMIT 512)", [.integer(after)]
            ) { last = $0.optionalInteger(0) }
            guard let last else { return }
            try connection.query(
                """
                INSERT INTO main.journal(\(columns)) SELECT \(columns) FROM save_point.journal s
                WHERE s.sequence > ? AND s.sequence <= ? AND NOT EXISTS (SELECT 1 FROM main.journal m
                    WHERE m.session = s.session AND m.wall_time = s.wall_time AND m.action = s.action)
                ORDER BY s.sequence
                """, [.integer(after), .integer(last)])
            after = last
        }
    }
}

/// A file of the state directory a save point carries (the certificate authority).
public struct SavePointFile: Sendable, Hashable {
    /// Relative to the state directory (`ca/root.pem`).
    public var path: String
    public var mode: Int
    public var contents: Data

    public init(path: String, mode: Int, contents: Data) {
        self.path = path
        self.mode = mode
        self.contents = contents
    }
}

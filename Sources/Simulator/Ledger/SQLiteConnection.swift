import CSQLite
import Foundation
import StoreCore

/// A failure SQLite reported, told in the ledger's terms with the file involved and what to do;
/// SQLite's own words (`UNIQUE constraint failed: outbox.sequence`) mean nothing to the person
/// who reads them, so they never stand alone. Kiosk's own findings are other `LedgerError`s.
struct SQLiteError: Error, CustomStringConvertible {
    /// SQLite's (extended) result code.
    var code: Int32
    /// SQLite's own text, kept for debugging; the description explains the code instead.
    var message: String
    var path: String

    var description: String {
        "ledger \(path): " + Self.explanation(code: code & 0xff, path: path)
    }

    /// What a primary SQLite result code means for a ledger, and the fix.
    static func explanation(code: Int32, path: String) -> String {
        let state = (path as NSString).deletingLastPathComponent
        switch code {
        case SQLITE_CONSTRAINT, SQLITE_BUSY, SQLITE_LOCKED:
            return "another process wrote the same state directory (\(state)) at the same moment, and this "
                + "change was refused so that nothing is lost. Let one kiosk own a state directory and point "
                + "the others at it (kiosk serve, then --store URL), or give each its own --state; then try again"
        case SQLITE_READONLY, SQLITE_PERM, SQLITE_CANTOPEN, SQLITE_AUTH:
            return "cannot open or write the ledger; check that \(state) exists and is writable by you, "
                + "or pass another --state"
        case SQLITE_FULL, SQLITE_IOERR:
            return "the disk refused a write (full, or failing); free space under \(state) and try again"
        case SQLITE_CORRUPT, SQLITE_NOTADB:
            return "this file is not a readable Kiosk ledger (damaged, or something else); move \(state) "
                + "away to start a new one, or restore it from a backup"
        default:
            return "the ledger's storage failed (SQLite result \(code)); try again, and if it persists move "
                + "\(state) away to start a new state"
        }
    }
}

/// One SQLite connection with a cache of prepared statements; every failure is a `LedgerError`
/// naming the file. Not Sendable: the store actor
/// that owns the ledger is its only user, which is what SQLite's threading rules want.
final class SQLiteConnection {
    /// The raw handle, for the backup API (`SQLiteConnection+Backup`); nothing else uses it.
    let handle: OpaquePointer
    let path: String
    private var statements: [StatementKey: OpaquePointer] = [:]
    /// The work this connection asked of SQLite: statements run, and the virtual-machine
    /// operations they took (`SQLITE_STMTSTATUS_VM_STEP`, which grows with every row a scan
    /// visits). Tests read it to prove a cost's shape without a clock (CatchUpWorkTests).
    private(set) var work = SQLiteWork()
    /// Whether a statement failed since `takeFailure()` last looked: the ledger then does not
    /// take a moved `data_version` for another writer (`LedgerError.readAgainAfterFailure`).
    private var failedSinceLook = false

    /// Whether a statement failed since the last call.
    func takeFailure() -> Bool {
        defer { failedSinceLook = false }
        return failedSinceLook
    }

    /// Opens (creating if needed) the database at `path`, or an in-memory one for ":memory:".
    init(path: String, readOnly: Bool = false) throws(LedgerError) {
        var db: OpaquePointer?
        let flags =
            (readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
            | SQLITE_OPEN_NOMUTEX
        let status = sqlite3_open_v2(path, &db, flags, nil)
        guard status == SQLITE_OK, let db else {
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close(db)
            throw .sqlite(SQLiteError(code: status, message: message, path: path))
        }
        handle = db
        self.path = path
        // Another process (a second kiosk on the same state) may hold the write lock briefly.
        sqlite3_busy_timeout(db, 5_000)
        // A ledger may come from elsewhere (a state directory sent with a bug report, a save
        // point): no function named in a file's schema (a view, a trigger, a default) runs.
        // Kiosk's own schema names none.
        sqlite3_exec(db, "PRAGMA trusted_schema=OFF", nil, nil, nil)
    }

    deinit {
        for statement in statements.values { sqlite3_finalize(statement) }
        sqlite3_close_v2(handle)
    }

    func execute(_ sql: String) throws(LedgerError) {
        var error: UnsafeMutablePointer<CChar>?
        guard sqlite3_exec(handle, sql, nil, nil, &error) == SQLITE_OK else {
            defer { sqlite3_free(error) }
            failedSinceLook = true
            throw .sqlite(
                SQLiteError(
                    code: sqlite3_errcode(handle),
                    message: error.map { String(cString: $0) } ?? "unknown error",
                    path: path))
        }
    }

    /// Runs `sql` with `bindings`, calling `row` for each result row.
    func query(
        _ sql: String, _ bindings: [SQLiteValue] = [], row: (SQLiteRow) throws(LedgerError) -> Void = { _ in }
    ) throws(LedgerError) {
        let statement = try prepared(sql)
        defer {
            work.statements += 1
            work.virtualMachineSteps += Int(sqlite3_stmt_status(statement, SQLITE_STMTSTATUS_VM_STEP, 1))
            sqlite3_reset(statement)
            sqlite3_clear_bindings(statement)
        }
        for (index, value) in bindings.enumerated() {
            try check(value.bind(to: statement, at: Int32(index + 1)))
        }
        while true {
            let status = sqlite3_step(statement)
            if status == SQLITE_DONE { return }
            guard status == SQLITE_ROW else { throw lastError(status) }
            try row(SQLiteRow(statement: statement))
        }
    }

    /// Runs `body` inside one transaction: all of it is committed, or none of it.
    func transaction<T>(_ body: () throws(LedgerError) -> T) throws(LedgerError) -> T {
        try execute("BEGIN IMMEDIATE")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            // The body's error is the one thrown; SQLite may have rolled back already.
            try? execute("ROLLBACK")
            throw error
        }
    }

    private func prepared(_ sql: String) throws(LedgerError) -> OpaquePointer {
        if let statement = statements[StatementKey(sql)] { return statement }
        var statement: OpaquePointer?
        let status = sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
        guard status == SQLITE_OK, let statement else { throw lastError(status) }
        statements[StatementKey(sql)] = statement
        return statement
    }

    private func check(_ status: Int32) throws(LedgerError) {
        guard status == SQLITE_OK else { throw lastError(status) }
    }

    private func lastError(_ status: Int32) -> LedgerError {
        failedSinceLook = true
        return .sqlite(
            SQLiteError(code: status, message: String(cString: sqlite3_errmsg(handle)), path: path))
    }
}

/// What a connection asked of SQLite (`SQLiteConnection.work`).
struct SQLiteWork: Equatable {
    var statements = 0
    var virtualMachineSteps = 0
}

/// A prepared statement's SQL as the cache's key, hashed by its length and last bytes: a
/// clock advance runs half a dozen statements per renewal, and hashing their whole text (a
/// few hundred bytes each) every time was a visible share of it. Equality still compares
/// the whole text, which for the same literal is a check of identity.
private struct StatementKey: Hashable {
    let sql: String

    init(_ sql: String) { self.sql = sql }

    func hash(into hasher: inout Hasher) {
        var sql = sql
        sql.withUTF8 { bytes in
            hasher.combine(bytes.count)
            hasher.combine(bytes: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes.suffix(24))))
        }
    }

    static func == (lhs: StatementKey, rhs: StatementKey) -> Bool { lhs.sql == rhs.sql }
}

/// A value bound to a statement parameter.
enum SQLiteValue {
    case text(String)
    case integer(Int64)
    case null

    /// An account's name, bound as its text (the ledger keys accounts by their bare name).
    static func text(_ account: AccountName) -> SQLiteValue { .text(account.rawValue) }

    fileprivate func bind(to statement: OpaquePointer, at index: Int32) -> Int32 {
        switch self {
        case .text(let text): sqlite3_bind_text(statement, index, text, -1, csqlite_transient())
        case .integer(let value): sqlite3_bind_int64(statement, index, value)
        case .null: sqlite3_bind_null(statement, index)
        }
    }
}

/// Read access to the current result row.
struct SQLiteRow {
    fileprivate let statement: OpaquePointer

    func text(_ column: Int32) -> String? {
        guard let text = sqlite3_column_text(statement, column) else { return nil }
        return String(cString: text)
    }

    /// The column's text as an account name, or nil when the column is NULL.
    func accountName(_ column: Int32) -> AccountName? { text(column).map(AccountName.init(rawValue:)) }

    func integer(_ column: Int32) -> Int64 { sqlite3_column_int64(statement, column) }

    /// The integer, or nil when the column is NULL.
    func optionalInteger(_ column: Int32) -> Int64? {
        sqlite3_column_type(statement, column) == SQLITE_NULL ? nil : sqlite3_column_int64(statement, column)
    }

    /// The column's bytes without a String round trip (JSON goes straight to the decoder).
    func data(_ column: Int32) -> Data {
        guard let bytes = sqlite3_column_blob(statement, column) else { return Data() }
        return Data(bytes: bytes, count: Int(sqlite3_column_bytes(statement, column)))
    }
}

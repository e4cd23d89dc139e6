import StoreCore

/// Every way the ledger fails, kept apart so the store (and a test) can tell a refused write from
/// a damaged row, and each told with the ledger's file and what to do. The store turns them into
/// a `StoreError` in one place (`StoreError.init(_:)` below).
enum LedgerError: Error, CustomStringConvertible {
    /// SQLite refused an operation; `SQLiteError` carries its result code and the ledger's path.
    case sqlite(SQLiteError)
    /// The file was migrated by a newer Kiosk to a schema this one does not know.
    case newerSchema(found: Int, supported: Int, path: String)
    /// A row that cannot be read back as it was written: its table, the key that finds it, and
    /// what is wrong. Never papered over with a default: a guessed phase or outcome would change
    /// what the store tells the app.
    case corruptRow(table: String, key: String, problem: String, path: String)
    /// Another connection committed since this one last looked (`Ledger.writeTransaction`).
    case anotherWriter(path: String)
    /// SQLite's `data_version` moved after an I/O failure of this connection's own (a failed
    /// lock makes SQLite read its WAL index afresh, which moves it too): no proof of another
    /// writer, so the store reads its rows again and the next try goes ahead.
    case readAgainAfterFailure(path: String)
    /// A value the store holds could not be encoded for writing (such as a non-finite number).
    case unencodable(what: String, problem: String, path: String)
    /// A ledger read without writing (`kiosk journal`, `kiosk report`, an export) that an older
    /// Kiosk wrote and no store has migrated yet.
    case olderSchema(found: Int, supported: Int, path: String)
    /// A save point file that is not one Kiosk writes (`SavePointValidator`): what differs.
    case notASavePoint(String)
    /// This Kiosk's own migrations failed to make the save point schema of `version`: a bug in
    /// Kiosk, whatever file is being read.
    case ownSchemaUnbuildable(version: Int, problem: String)

    var description: String {
        switch self {
        case .sqlite(let error):
            return error.description
        case .newerSchema(let found, let supported, let path):
            return "ledger \(path): ledger schema \(found) is newer than this Kiosk understands "
                + "(\(supported)); upgrade Kiosk or use another --state directory"
        case .corruptRow(let table, let key, let problem, let path):
            return "ledger \(path): the \(table) row \(key) is unreadable (\(problem)); "
                + "restore a backup or reset the store"
        case .anotherWriter(let path):
            return "ledger \(path): another process wrote to this ledger while this one had it open; "
                + "nothing was written. Only one kiosk may open a state directory: quit the other one "
                + "(or the older Kiosk) and start again"
        case .readAgainAfterFailure(let path):
            return
                "ledger \(path): an I/O failure just before left this process's view of the ledger in doubt, "
                + "so nothing was written and the ledger is read again; try again"
        case .unencodable(let what, let problem, let path):
            return "ledger \(path): \(what) cannot be written (\(problem)); nothing was written"
        case .olderSchema(let found, let supported, let path):
            return
                "ledger \(path): ledger schema \(found) is older than this Kiosk's (\(supported)) and cannot be "
                + "read without upgrading it; open the state once (for example kiosk store settings --state DIR), "
                + "then try again"
        case .notASavePoint(let problem):
            return problem
        case .ownSchemaUnbuildable(let version, let problem):
            return "this Kiosk cannot build its own save point schema at version \(version) (\(problem)); "
                + "that is a bug in Kiosk, not in the file: report it with kiosk --version"
        }
    }
}

extension StoreError {
    /// The one mapping of ledger failures into the store's errors: storage is the backend, and
    /// the ledger's message already names the file and the fix.
    init(_ error: LedgerError) {
        self = .backend(error.description)
    }
}

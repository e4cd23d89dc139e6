import CSQLite
import Foundation

extension SQLiteConnection {
    /// Copies this whole database into a new file at `path` with SQLite's online backup API, in
    /// one step: the copy is one read transaction, so it is consistent even while another
    /// connection (another process) keeps writing. The copy leaves WAL mode, so it is one file.
    func backup(to path: String) throws(LedgerError) {
        var destination: OpaquePointer?
        let status = sqlite3_open_v2(
            path, &destination, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, nil)
        guard status == SQLITE_OK, let destination else {
            let message = destination.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close(destination)
            throw .sqlite(SQLiteError(code: status, message: message, path: path))
        }
        defer { sqlite3_close_v2(destination) }
        guard let backup = sqlite3_backup_init(destination, "main", handle, "main") else {
            throw .sqlite(
                SQLiteError(
                    code: sqlite3_errcode(destination), message: String(cString: sqlite3_errmsg(destination)),
                    path: path))
        }
        // -1: every page in one step, under one read lock of the source.
        let step = sqlite3_backup_step(backup, -1)
        let finish = sqlite3_backup_finish(backup)
        guard step == SQLITE_DONE, finish == SQLITE_OK else {
            throw .sqlite(
                SQLiteError(
                    code: step == SQLITE_DONE ? finish : step,
                    message: String(cString: sqlite3_errmsg(destination)),
                    path: path))
        }
    }
}

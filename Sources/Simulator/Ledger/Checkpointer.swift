import CSQLite
import Dispatch
import Foundation
import Synchronization

/// Copies the ledger's WAL back into its main file on a thread and connection of its own.
///
/// SQLite's automatic checkpoint runs inside the commit that crosses its threshold: that
/// commit, and so the store and every request queued behind it, waits while thousands of pages
/// are copied and the main file is synced (tens of milliseconds, a server's slowest answers).
/// Here the writer only notices, in its WAL hook, that the log has grown, and wakes this
/// thread, whose `PASSIVE` checkpoint never blocks the writer. The log then restarts from its
/// beginning at the next commit, as with the automatic one. Should the log still grow far
/// past the threshold (a reader holding an old snapshot for long), the writer checkpoints
/// itself, as SQLite would, so the file stays bounded.
final class Checkpointer: Sendable {
    /// Pages in the WAL that wake the checkpointer (4 MB of 4 KB pages).
    static let wakePages: Int32 = 1_000
    /// Pages past which the writer checkpoints itself rather than let the log grow.
    static let writerPages: Int32 = 32_000

    private let path: String
    private let wake = DispatchSemaphore(value: 0)
    private let state = Mutex((isRequested: false, isClosed: false, runs: 0))

    /// Starts the checkpointing thread for the ledger at `path`; it opens its own connection.
    init(ledgerPath path: String) {
        self.path = path
        Thread { [self] in
            Thread.current.name = "kiosk-checkpoint"
            run()
        }.start()
    }

    /// How many checkpoints the thread has run (for tests).
    var runs: Int { state.withLock { $0.runs } }

    /// Asks for a checkpoint; requests made while one is pending are one request.
    func request() {
        let isNew = state.withLock { state -> Bool in
            defer { state.isRequested = true }
            return !state.isRequested
        }
        if isNew { wake.signal() }
    }

    /// Lets the thread end (after the checkpoint it may be running).
    func close() {
        state.withLock { $0.isClosed = true }
        wake.signal()
    }

    /// Installs the WAL hook on the writer's connection. The hook holds the checkpointer
    /// unretained: the ledger removes it (`uninstall`) before letting the checkpointer go.
    func install(on connection: SQLiteConnection) {
        let context = Unmanaged.passUnretained(self).toOpaque()
        sqlite3_wal_hook(
            connection.handle,
            { context, database, name, pages in
                guard let context else { return SQLITE_OK }
                if pages >= Checkpointer.writerPages {
                    // Far behind: the writer copies the log itself (SQLite's own default).
                    sqlite3_wal_checkpoint(database, name)
                } else if pages >= Checkpointer.wakePages {
                    Unmanaged<Checkpointer>.fromOpaque(context).takeUnretainedValue().request()
                }
                return SQLITE_OK
            }, context)
    }

    /// Removes the hook `install` set.
    static func uninstall(from connection: SQLiteConnection) {
        sqlite3_wal_hook(connection.handle, nil, nil)
    }

    private func run() {
        // A connection of this thread's own, opened on first need (the writer made the file).
        var connection: SQLiteConnection?
        while true {
            wake.wait()
            let isClosed = state.withLock { state -> Bool in
                state.isRequested = false
                return state.isClosed
            }
            if isClosed { return }
            // Checkpoints are an optimisation: without a connection the writer checkpoints
            // on its own, and the next wake tries to open one again.
            if connection == nil { connection = try? SQLiteConnection(path: path) }
            guard let connection else { continue }
            // PASSIVE: copies what no reader still needs, never waits for a lock; a busy or
            // failed run leaves the log for the next (or for the writer's own checkpoint).
            sqlite3_wal_checkpoint_v2(connection.handle, nil, SQLITE_CHECKPOINT_PASSIVE, nil, nil)
            state.withLock { $0.runs += 1 }
        }
    }
}

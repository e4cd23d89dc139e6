import Foundation
import Signing
import StoreCore

/// The store's durable memory on SQLite: WAL journal synced by `GroupSync`, a versioned schema,
/// and every action committed as one transaction. A purchase is acknowledged only after its
/// commit returns, so a crash at any instant loses nothing that was acknowledged.
final class Ledger {
    let connection: SQLiteConnection
    let encoder: JSONEncoder
    let decoder: JSONDecoder
    /// JWS headers already in `jws_headers`, by text.
    var headerIDs: [String: Int64] = [:]
    /// Headers added by the transaction being committed.
    var pendingHeaderIDs: [String: Int64] = [:]
    /// Headers the open batch added (`Ledger+Batch`): remembered once it commits.
    var batchHeaderIDs: [String: Int64] = [:]
    /// The open batch's number, while one is open; the last number given; the latest
    /// committed; and the recent ones that failed to commit, with why (their requests are told).
    var openBatch: BatchNumber?
    var lastBatch: BatchNumber = 0
    var committedBatch: BatchNumber = 0
    var failedBatches: [BatchNumber: LedgerError] = [:]
    /// A batch was rolled back since the store last asked (`takeBatchRollback`).
    var batchRolledBack = false
    /// The header last found in `headerIDs` (committed), as bytes: the next JWS most likely
    /// has it too.
    var lastHeader: (bytes: [UInt8], id: Int64)?
    /// SQLite's `data_version` after this connection's last look: it changes only when another
    /// connection commits, which for a store's ledger means a second writer (`WriteGuard`).
    var knownDataVersion: Int64 = 0
    /// The newest update-log sequence written (0 before the first).
    var lastUpdateSequence: Int64 = 0
    /// Makes commits durable, in groups (nil in memory, where nothing is).
    let groupSync: GroupSync?
    /// Copies the WAL into the main file off the writer's path (nil in memory and read-only).
    let checkpointer: Checkpointer?
    /// The meta row's text, remade only when more than its counters change.
    var metaText = MetaText()

    /// Opens the ledger at `path` (":memory:" for an ephemeral store) and migrates it.
    /// - Throws: `LedgerError` naming the file when it cannot be opened, is not a ledger, or
    ///   was written by a newer Kiosk.
    /// - Parameter readOnly: read another process's ledger (the journal, a report, a save
    ///   point): nothing is migrated or written, and a ledger of an older schema is refused.
    init(path: String, readOnly: Bool = false) throws(LedgerError) {
        connection = try SQLiteConnection(path: path, readOnly: readOnly)
        encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .millisecondsSince1970
        encoder.outputFormatting = [.sortedKeys]
        decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .millisecondsSince1970
        if readOnly {
            groupSync = nil
            checkpointer = nil
            try checkReadableSchema()
            return
        }
        if path != ":memory:" {
            try connection.execute("PRAGMA journal_mode=WAL")
            // Commits write the WAL; `GroupSync` makes them durable, one fsync per batch of
            // commits, before any of them is acknowledged (or at once: `syncNow`).
            try connection.execute("PRAGMA synchronous=NORMAL")
            let wal = WALFile(ledgerPath: path)
            groupSync = GroupSync { wal.sync() }
            // Instead of SQLite's automatic checkpoint, which would stall the commit that
            // triggers it.
            let checkpointer = Checkpointer(ledgerPath: path)
            checkpointer.install(on: connection)
            self.checkpointer = checkpointer
        } else {
            try connection.execute("PRAGMA synchronous=FULL")
            groupSync = nil
            checkpointer = nil
        }
        try connection.execute("PRAGMA cache_size=-8000")
        // A request's savepoint in an open batch (and a catch-up's chunk) keeps the pages it
        // changes for a rollback in a sub-journal: in memory, released with the savepoint,
        // rather than in a temporary file written page by page past its first 64 KB.
        try connection.execute("PRAGMA temp_store=MEMORY")
        try migrate()
        try connection.query("SELECT seq FROM sqlite_sequence WHERE name = 'update_log'") {
            lastUpdateSequence = $0.integer(0)
        }
        try lookAtDataVersion()
        try syncNow()
    }

    deinit {
        guard let checkpointer else { return }
        Checkpointer.uninstall(from: connection)
        checkpointer.close()
    }

    /// Forgets what this connection remembered of the rows, after they were replaced wholesale
    /// (a save point loaded: `restore(from:line:)`).
    func forgetCaches() throws(LedgerError) {
        headerIDs = [:]
        batchHeaderIDs = [:]
        lastHeader = nil
        pendingHeaderIDs = [:]
        try lookAtDataVersion()
        try connection.query("SELECT seq FROM sqlite_sequence WHERE name = 'update_log'") {
            lastUpdateSequence = $0.integer(0)
        }
    }
    /// Makes every commit so far durable before returning.
    func syncNow() throws(LedgerError) {
        try flushBatch()
        try groupSync?.syncNow()
    }

    /// Takes SQLite's `data_version` as the one this connection has seen, and forgets its
    /// earlier failures (what follows is read from here).
    func lookAtDataVersion() throws(LedgerError) {
        knownDataVersion = try dataVersion()
        _ = connection.takeFailure()
    }

    /// Throws unless no other connection wrote since this one last looked. A moved version
    /// after a failure of this connection's own is no proof of another writer (a failed lock
    /// moves it too): the batch counts as rolled back, so the store reads its rows again
    /// (`forgetCaches` looks at the version afresh), and the next try goes ahead.
    func checkNoOtherWriter() throws(LedgerError) {
        guard try dataVersion() != knownDataVersion else { return }
        if connection.takeFailure() {
            batchRolledBack = true
            throw .readAgainAfterFailure(path: connection.path)
        }
        throw .anotherWriter(path: connection.path)
    }

    func dataVersion() throws(LedgerError) -> Int64 {
        var version: Int64 = 0
        try connection.query("PRAGMA data_version") { version = $0.integer(0) }
        return version
    }

    /// Runs `body` in one write transaction, first making sure no other connection has
    /// written since this one last looked. The store keeps its state in memory, so a second
    /// writer (two processes that both opened the ledger) would overwrite each other's rows;
    /// this refuses loudly instead. One process owns a state directory (`StateLock`), so this
    /// only fires for a writer that bypassed the lock, such as an older Kiosk.
    func writeTransaction<T>(_ body: () throws(LedgerError) -> T) throws(LedgerError) -> T {
        // A write of its own follows whatever the open batch holds.
        try flushBatch()
        return try connection.transaction { () throws(LedgerError) -> T in
            try checkNoOtherWriter()
            return try body()
        }
    }

    private func migrate() throws(LedgerError) {
        var version = 0
        try connection.query("PRAGMA user_version") { version = Int($0.integer(0)) }
        guard version <= LedgerSchema.currentVersion else {
            throw .newerSchema(found: version, supported: LedgerSchema.currentVersion, path: connection.path)
        }
        for index in version..<LedgerSchema.currentVersion {
            try connection.transaction { () throws(LedgerError) in
                try connection.execute(LedgerSchema.migrations[index])
                try connection.execute("PRAGMA user_version=\(index + 1)")
            }
            groupSync?.written()
        }
    }

    // MARK: Loading

    /// The store's settings, clock and counters; nil for a new ledger.
    func loadMeta() throws(LedgerError) -> StoreMeta? {
        var metaJSON: Data?
        try connection.query("SELECT value FROM meta WHERE key = 'store'") { metaJSON = $0.data(0) }
        guard let metaJSON else { return nil }
        return try decode(StoreMeta.self, metaJSON, table: "meta", key: "store")
    }

    /// Marks the index built, for a ledger whose every commit wrote its subscriptions' entries
    /// from the start (a generated history): without the mark, each open would build it again.
    func markDueIndexBuilt() throws(LedgerError) {
        try writeTransaction { () throws(LedgerError) in
            try connection.execute("INSERT OR REPLACE INTO meta(key, value) VALUES('due_index', '1')")
        }
        groupSync?.written()
        try lookAtDataVersion()
        try syncNow()
    }

    /// Writes the due-event index afresh in one transaction and marks it built.
    func buildDueIndex(_ entries: [(SubscriptionChain.Key, DueEntry)]) throws(LedgerError) {
        try writeTransaction { () throws(LedgerError) in
            try connection.execute("DELETE FROM due_events")
            for (key, entry) in entries { try writeDue(key, entry) }
            try connection.execute("INSERT OR REPLACE INTO meta(key, value) VALUES('due_index', '1')")
        }
        groupSync?.written()
        try lookAtDataVersion()
        try syncNow()
    }

    /// The stored JWS of a transaction.
    func signature(of transactionID: UInt64) throws(LedgerError) -> String? {
        var jws: String?
        try connection.query(
            "SELECT t.jws, h.header FROM transactions t LEFT JOIN jws_headers h ON h.id = t.jws_header WHERE t.id = ?",
            [.integer(Int64(transactionID))]
        ) { jws = Self.joined(header: $0.text(1), rest: $0.text(0)) }
        return jws
    }

    /// Notifications recorded after `sequence`, oldest first, optionally for one account.
    func notifications(after sequence: Int64, account: AccountName? = nil, limit: Int = 1_000)
        throws(LedgerError)
        -> [OutboxNotification]
    {
        guard let account else {
            return try notifications(where: "sequence > ?", [.integer(sequence)], limit: limit)
        }
        return try notifications(
            where: "sequence > ? AND account = ?", [.integer(sequence), .text(account)], limit: limit)
    }

    /// Notifications matching an SQL condition on `outbox`, oldest first (or newest first).
    func notifications(
        where condition: String, _ bindings: [SQLiteValue], limit: Int, newestFirst: Bool = false
    ) throws(LedgerError) -> [OutboxNotification] {
        var result: [OutboxNotification] = []
        let order = newestFirst ? "DESC" : ""
        let sql =
            "SELECT \(Self.outboxColumns) FROM outbox WHERE \(condition) ORDER BY sequence \(order) LIMIT ?"
        try connection.query(sql, bindings + [.integer(Int64(limit))]) { row throws(LedgerError) in
            let key = "\(row.integer(0))"
            guard let uuid = row.text(1).flatMap(UUID.init(uuidString:)) else {
                throw corrupt("outbox", key, "uuid '\(row.text(1) ?? "NULL")' is not a UUID")
            }
            result.append(
                OutboxNotification(
                    id: uuid, sequence: row.integer(0),
                    account: AccountName(try required(row.text(2), "account", table: "outbox", key: key)),
                    type: try value(NotificationType.self, row.text(3), "type", table: "outbox", key: key),
                    subtype: try row.text(4).map { (text) throws(LedgerError) in
                        try value(NotificationSubtype.self, text, "subtype", table: "outbox", key: key)
                    }, transactionID: row.optionalInteger(5).map(UInt64.init),
                    originalTransactionID: row.optionalInteger(6).map(UInt64.init), productID: row.text(7),
                    requestIdentifier: row.text(9),
                    createdAt: Self.date(row.integer(8))))
        }
        return result
    }

    private static let outboxColumns =
        "sequence, uuid, account, type, subtype, transaction_id, original_id, product_id, created_at, request_id"

    /// SQLite's own consistency check; "ok" when the file is sound.
    func integrityCheck() throws(LedgerError) -> String {
        var lines: [String] = []
        try connection.query("PRAGMA integrity_check") { lines.append($0.text(0) ?? "") }
        return lines.joined(separator: "\n")
    }
}

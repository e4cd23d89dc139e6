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
    private var lastHeader: (bytes: [UInt8], id: Int64)?
    /// SQLite's `data_version` after this connection's last look: it changes only when another
    /// connection commits, which for a store's ledger means a second writer (`WriteGuard`).
    var knownDataVersion: Int64 = 0
    /// The newest update-log sequence written (0 before the first).
    var lastUpdateSequence: Int64 = 0
    /// Makes commits durable, in groups (nil in memory, where nothing is).
    let groupSync: GroupSync?
    /// The meta row's text, remade only when more than its counters change.
    private var metaText = MetaText()

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
        } else {
            try connection.execute("PRAGMA synchronous=FULL")
            groupSync = nil
        }
        try connection.execute("PRAGMA cache_size=-8000")
        try connection.execute("PRAGMA wal_autocheckpoint=8000")
        try migrate()
        try connection.query("SELECT seq FROM sqlite_sequence WHERE name = 'update_log'") {
            lastUpdateSequence = $0.integer(0)
        }
        knownDataVersion = try dataVersion()
        try syncNow()
    }

    /// Forgets what this connection remembered of the rows, after they were replaced wholesale
    /// (a save point loaded: `restore(from:line:)`).
    func forgetCaches() throws(LedgerError) {
        headerIDs = [:]
        batchHeaderIDs = [:]
        lastHeader = nil
        pendingHeaderIDs = [:]
        knownDataVersion = try dataVersion()
        try connection.query("SELECT seq FROM sqlite_sequence WHERE name = 'update_log'") {
            lastUpdateSequence = $0.integer(0)
        }
    }
    /// Makes every commit so far durable before returning.
    func syncNow() throws(LedgerError) {
        try flushBatch()
        try groupSync?.syncNow()
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
            guard try dataVersion() == knownDataVersion else { throw .anotherWriter(path: connection.path) }
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
        knownDataVersion = try dataVersion()
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
        knownDataVersion = try dataVersion()
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
    func notifications(after sequence: Int64, account: String? = nil, limit: Int = 1_000) throws(LedgerError)
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
                    account: try required(row.text(2), "account", table: "outbox", key: key),
                    type: try required(row.text(3), "type", table: "outbox", key: key),
                    subtype: row.text(4), transactionID: row.optionalInteger(5).map(UInt64.init),
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

    // MARK: Committing

    /// Writes a changeset in one SQLite transaction; returns the sequence numbers the update
    /// log gave `changes.updates`, in order.
    /// `lateSignatures`: signatures still being made when the commit starts (a clock
    /// advance's renewals), asked for once every other row is written; nil from it (signing
    /// failed) rolls the commit back.
    @discardableResult
    func commit(
        _ changes: Changeset, lateSignatures: (() -> [UInt64: String]?)? = nil
    ) throws(LedgerError) -> [Int64] {
        guard !changes.isEmpty else { return [] }
        defer { pendingHeaderIDs = [:] }
        let sequences = try write(changes, lateSignatures: lateSignatures)
        groupSync?.written()
        headerIDs.merge(pendingHeaderIDs) { $1 }
        knownDataVersion = try dataVersion()
        if let last = sequences.last { lastUpdateSequence = last }
        return sequences
    }

    private func write(
        _ changes: Changeset, lateSignatures: (() -> [UInt64: String]?)?
    ) throws(LedgerError) -> [Int64] {
        try writeTransaction { () throws(LedgerError) -> [Int64] in try writeRows(changes, lateSignatures) }
    }

    /// Every row of a changeset, inside a transaction the caller opened.
    func writeRows(
        _ changes: Changeset, _ lateSignatures: (() -> [UInt64: String]?)?
    ) throws(LedgerError) -> [Int64] {
        if changes.wipe {
            try connection.execute(
                """
                DELETE FROM accounts; DELETE FROM transactions; DELETE FROM chains; DELETE FROM idempotency;
                DELETE FROM update_log; DELETE FROM due_events;
                """
            )
        }
        if let meta = changes.meta {
            try connection.query(
                "INSERT INTO meta(key, value) VALUES('store', ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                [.text(try metaText.text(for: meta) { meta throws(LedgerError) in try encode(meta) })])
        }
        for record in changes.accounts.values {
            try connection.query(
                """
                INSERT INTO accounts(name, record, family_id, app_transaction_id) VALUES(?, ?, ?, ?)
                ON CONFLICT(name) DO UPDATE SET record = excluded.record, family_id = excluded.family_id,
                    app_transaction_id = excluded.app_transaction_id
                """,
                [
                    .text(record.account.name), .text(try encode(record)),
                    record.account.familyID.map(SQLiteValue.text) ?? .null,
                    .text(record.appTransactionID),
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
                [
                    .text(chain.key.account), .text(chain.key.groupID),
                    .text(String(decoding: chain.ledgerJSON(), as: UTF8.self)),
                ])
        }
        for (key, entry) in changes.dueDates { try writeDue(key, entry) }
        for notification in changes.notifications {
            try connection.query(
                """
                INSERT INTO outbox(sequence, uuid, account, type, subtype, transaction_id, original_id, product_id,
                    created_at, request_id)
                VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
                [
                    .integer(notification.sequence), .text(notification.id.uuidString.lowercased()),
                    .text(notification.account), .text(notification.type),
                    notification.subtype.map(SQLiteValue.text) ?? .null,
                    notification.transactionID.map { .integer(Int64($0)) } ?? .null,
                    notification.originalTransactionID.map { .integer(Int64($0)) } ?? .null,
                    notification.productID.map(SQLiteValue.text) ?? .null,
                    .integer(Self.milliseconds(notification.createdAt)),
                    notification.requestIdentifier.map(SQLiteValue.text) ?? .null,
                ])
        }
        try writeJournal(changes.journal)
        for request in changes.massExtensions {
            try connection.query(
                "INSERT OR REPLACE INTO mass_extensions(product_id, request_id, record) VALUES(?, ?, ?)",
                [.text(request.productID), .text(request.requestIdentifier), .text(try encode(request))])
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
        let sequences = try changes.updates.map { update throws(LedgerError) -> Int64 in
            var sequence: Int64 = 0
            try connection.query(
                "INSERT INTO update_log(account, transaction_id) VALUES(?, ?) RETURNING sequence",
                [.text(update.account), .integer(Int64(update.transactionID))]
            ) { sequence = $0.integer(0) }
            return sequence
        }
        // Last: a large batch's signatures are made while the rows above are written.
        var signatures = changes.signatures
        if let lateSignatures {
            guard let late = lateSignatures() else {
                throw .unencodable(what: "signatures", problem: "signing failed", path: connection.path)
            }
            signatures.merge(late) { $1 }
        }
        try writeTransactions(changes, signatures: signatures)
        return sequences
    }

    /// The changed transaction rows, signed or not yet.
    private func writeTransactions(_ changes: Changeset, signatures: [UInt64: String]) throws(LedgerError) {
        for stored in changes.transactions.values {
            let isNew = changes.newTransactionIDs.contains(stored.id)
            if let jws = signatures[stored.id] {
                let (header, rest) = try headerID(splitting: jws)
                try upsert(stored, isNew: isNew, payload: .null, jws: .text(rest), header: header)
            } else if stored.phase == .delivered {
                // Signed before: only the store's own flags changed.
                try connection.query(
                    "UPDATE transactions SET finished = ?, deleted = ? WHERE id = ?",
                    [
                        .integer(stored.isFinished ? 1 : 0), .integer(stored.isDeleted ? 1 : 0),
                        .integer(Int64(stored.id)),
                    ])
            } else {
                try upsert(
                    stored, isNew: isNew, payload: .text(try encode(stored.transaction)), jws: .null,
                    header: .null)
            }
        }
    }

    /// Writes a whole transaction row: signed (payload in the JWS) or not yet (payload JSON).
    /// A new ID is a plain insert, so an ID already in the ledger fails the primary key instead
    /// of overwriting another purchase; a known one updates its row (the identity trigger
    /// refuses a change of account or original transaction).
    private func upsert(
        _ stored: StoredTransaction, isNew: Bool, payload: SQLiteValue, jws: SQLiteValue, header: SQLiteValue
    ) throws(LedgerError) {
        try connection.query(
            isNew ? Self.insertTransaction : Self.insertTransaction + Self.updateTransactionOnConflict,
            [
                .integer(Int64(stored.id)), .text(stored.account),
                .integer(Int64(stored.transaction.originalID)),
                .text(stored.phase.rawValue), .integer(stored.isFinished ? 1 : 0),
                .integer(stored.isDeleted ? 1 : 0),
                stored.sharedFrom.map { .integer(Int64($0)) } ?? .null,
                try stored.pendingPurchase.map { (pending) throws(LedgerError) in .text(try encode(pending)) }
                    ?? .null,
                payload, jws, header,
            ])
    }

    private static let insertTransaction = """
        INSERT INTO transactions(id, account, original_id, phase, finished, deleted, shared_from, pending, payload, jws,
            jws_header)
        VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """

    private static let updateTransactionOnConflict = """

        ON CONFLICT(id) DO UPDATE SET account = excluded.account, original_id = excluded.original_id,
            phase = excluded.phase, finished = excluded.finished, deleted = excluded.deleted, pending = excluded.pending,
            payload = excluded.payload, jws = excluded.jws, jws_header = excluded.jws_header
        """

    /// The header's row (added the first time it is seen) and the rest of the JWS.
    private func headerID(splitting jws: String) throws(LedgerError) -> (SQLiteValue, String) {
        var jws = jws
        // On the contiguous UTF-8 buffer: `String.UTF8View.firstIndex` and hashing a header of
        // several kilobytes (its certificate chain) cost a clock advance a tenth of its time.
        // Every JWS of one signing key has the same header: the last one is compared first.
        let split: (header: String?, rest: String, known: Int64?)? = jws.withUTF8 { bytes in
            guard let dot = bytes.firstIndex(of: UInt8(ascii: ".")) else { return nil }
            let rest = String(decoding: UnsafeBufferPointer(rebasing: bytes[(dot + 1)...]), as: UTF8.self)
            if let last = lastHeader, last.bytes.count == dot,
                last.bytes.withUnsafeBufferPointer({ memcmp($0.baseAddress!, bytes.baseAddress!, dot) == 0 })
            {
                return (nil, rest, last.id)
            }
            return (String(decoding: UnsafeBufferPointer(rebasing: bytes[..<dot]), as: UTF8.self), rest, nil)
        }
        guard let split else { return (.null, jws) }
        if let known = split.known { return (.integer(known), split.rest) }
        let header = split.header!
        if let id = headerIDs[header] {
            lastHeader = (Array(header.utf8), id)
            return (.integer(id), split.rest)
        }
        try connection.query("INSERT OR IGNORE INTO jws_headers(header) VALUES(?)", [.text(header)])
        var id: Int64 = 0
        try connection.query("SELECT id FROM jws_headers WHERE header = ?", [.text(header)]) {
            id = $0.integer(0)
        }
        // Remembered only once the transaction commits (a rollback would forget the row).
        pendingHeaderIDs[header] = id
        return (.integer(id), split.rest)
    }

    /// A stored JWS put back together: `header.rest`, or `rest` alone when it was kept whole.
    static func joined(header: String?, rest: String?) -> String? {
        guard let rest else { return nil }
        guard let header else { return rest }
        return header + "." + rest
    }
}

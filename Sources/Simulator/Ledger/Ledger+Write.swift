import Foundation
import Signing
import StoreCore

/// Committing: a changeset written in one SQLite transaction (or in a savepoint of the open
/// batch, `Ledger+Batch`), the transaction rows last so a large batch's signatures can be made
/// meanwhile.
extension Ledger {
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
        try lookAtDataVersion()
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
                    .text(notification.account), .text(notification.type.rawValue),
                    notification.subtype.map { .text($0.rawValue) } ?? .null,
                    notification.transactionID.map { .integer(Int64($0)) } ?? .null,
                    notification.originalTransactionID.map { .integer(Int64($0)) } ?? .null,
                    notification.productID.map(SQLiteValue.text) ?? .null,
                    .integer(Self.milliseconds(notification.createdAt)),
                    notification.requestIdentifier.map(SQLiteValue.text) ?? .null,
                ])
        }
        try writeNotificationContents(changes.notificationContents)
        try writeJournal(changes.journal)
        for request in changes.massExtensions {
            try connection.query(
                "INSERT OR REPLACE INTO mass_extensions(product_id, request_id, record) VALUES(?, ?, ?)",
                [.text(request.productID), .text(request.requestIdentifier), .text(try encode(request))])
        }
        for record in changes.idempotency {
            try connection.query(
                """
                INSERT OR REPLACE INTO idempotency(account, key, transaction_id, outcome, app_account_token)
                VALUES(?, ?, ?, ?, ?)
                """,
                [
                    .text(record.account), .text(record.key),
                    record.transactionID.map { .integer(Int64($0)) } ?? .null,
                    .text(record.outcome.rawValue), Self.tokenColumn(record.requestedToken),
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
            // Both buffers hold `dot` > 0 bytes here, so both have a base address.
            if let last = lastHeader, dot > 0, last.bytes.count == dot,
                last.bytes.withUnsafeBufferPointer({ memcmp($0.baseAddress!, bytes.baseAddress!, dot) == 0 })
            {
                return (nil, rest, last.id)
            }
            return (String(decoding: UnsafeBufferPointer(rebasing: bytes[..<dot]), as: UTF8.self), rest, nil)
        }
        guard let split else { return (.null, jws) }
        if let known = split.known { return (.integer(known), split.rest) }
        // A split either knows its header's row or carries the header.
        guard let header = split.header else { return (.null, jws) }
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

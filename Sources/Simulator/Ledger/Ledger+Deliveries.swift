import Foundation
import StoreCore

/// The App Store Server API's reads of the outbox, and webhook delivery attempts.
extension Ledger {
    /// The notification with this UUID, if recorded.
    func notification(id: UUID) throws(LedgerError) -> OutboxNotification? {
        try notifications(where: "uuid = ?", [.text(id.uuidString.lowercased())], limit: 1).first
    }

    /// Notifications created in `[start, end)` (milliseconds), oldest first, after `sequence`.
    func notifications(createdFrom start: Int64, to end: Int64, after sequence: Int64, limit: Int)
        throws(LedgerError)
        -> [OutboxNotification]
    {
        try notifications(
            where: "created_at >= ? AND created_at < ? AND sequence > ?",
            [.integer(start), .integer(end), .integer(sequence)], limit: limit)
    }

    /// Notifications still to deliver after `sequence`, oldest first: never tried, or whose
    /// last try failed and has a next try scheduled.
    func undelivered(after sequence: Int64, limit: Int) throws(LedgerError) -> [OutboxNotification] {
        try notifications(
            where: """
                sequence > ? AND NOT EXISTS (SELECT 1 FROM delivery_attempts a WHERE a.sequence = outbox.sequence
                    AND a.next_attempt_at IS NULL)
                """, [.integer(sequence)], limit: limit)
    }

    /// Every attempt at the given notifications, by sequence, in order.
    func attempts(for sequences: [Int64]) throws(LedgerError) -> [Int64: [DeliveryAttempt]] {
        guard !sequences.isEmpty else { return [:] }
        var result: [Int64: [DeliveryAttempt]] = [:]
        let marks = Array(repeating: "?", count: sequences.count).joined(separator: ",")
        try connection.query(
            """
            SELECT sequence, attempt, attempted_at, result, http_status, next_attempt_at FROM delivery_attempts
            WHERE sequence IN (\(marks)) ORDER BY sequence, attempt
            """, sequences.map { .integer($0) }
        ) { row throws(LedgerError) in
            let key = "\(row.integer(0))/\(row.integer(1))"
            result[row.integer(0), default: []].append(
                DeliveryAttempt(
                    sequence: row.integer(0), attempt: Int(row.integer(1)),
                    attemptedAt: Self.date(row.integer(2)),
                    // Text a ledger kept: an older or unknown word reads as OTHER.
                    result: SendAttemptResult(
                        text: try required(row.text(3), "result", table: "delivery_attempts", key: key)),
                    httpStatus: row.optionalInteger(4).map(Int.init),
                    nextAttemptAt: row.optionalInteger(5).map(Self.date)))
        }
        return result
    }

    /// Stores one attempt (its own SQLite transaction: deliveries are not store actions).
    func record(_ attempt: DeliveryAttempt) throws(LedgerError) {
        try flushBatch()
        try connection.query(
            """
            INSERT OR REPLACE INTO delivery_attempts(sequence, attempt, attempted_at, result, http_status,
                next_attempt_at) VALUES(?, ?, ?, ?, ?, ?)
            """,
            [
                .integer(attempt.sequence), .integer(Int64(attempt.attempt)),
                .integer(Self.milliseconds(attempt.attemptedAt)), .text(attempt.result.rawValue),
                attempt.httpStatus.map { .integer(Int64($0)) } ?? .null,
                attempt.nextAttemptAt.map { .integer(Self.milliseconds($0)) } ?? .null,
            ])
        // Durable with the next fsync (a delivery attempt acknowledges nothing to anyone).
        groupSync?.written()
    }

    /// A mass renewal-date extension, by product and request identifier.
    func massExtension(productID: String, requestIdentifier: String) throws(LedgerError) -> MassExtension? {
        var result: MassExtension?
        try connection.query(
            "SELECT record FROM mass_extensions WHERE product_id = ? AND request_id = ?",
            [.text(productID), .text(requestIdentifier)]
        ) { row throws(LedgerError) in
            result = try decode(
                MassExtension.self, row.data(0), table: "mass_extensions",
                key: productID + "/" + requestIdentifier)
        }
        return result
    }

    static func milliseconds(_ date: Date) -> Int64 { date.saturatingMilliseconds }

    static func date(_ milliseconds: Int64) -> Date {
        Date(timeIntervalSince1970: Double(milliseconds) / 1000)
    }
}

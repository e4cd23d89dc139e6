import Foundation
import Signing
import StoreCore

/// A notification's fixed content and, once made, its signed payload (`outbox_payloads`).
struct StoredNotificationPayload {
    /// Nil for a notification recorded before contents were kept (schema 6 and older).
    var content: NotificationContent?
    var jws: String?
}

extension Ledger {
    /// Writes each new notification's content, in the transaction of its event.
    func writeNotificationContents(_ contents: [Int64: NotificationContent]) throws(LedgerError) {
        for (sequence, content) in contents.sorted(by: { $0.key < $1.key }) {
            let transaction: SQLiteValue
            let renewal: SQLiteValue
            do {
                transaction =
                    try content.transaction.map {
                        .text(String(decoding: try $0.payloadJSON(), as: UTF8.self))
                    } ?? .null
                renewal =
                    try content.renewalInfo.map {
                        .text(String(decoding: try $0.payloadJSON(), as: UTF8.self))
                    } ?? .null
            } catch {
                throw .unencodable(
                    what: "notification \(sequence)", problem: "\(error)", path: connection.path)
            }
            try connection.query(
                """
                INSERT INTO outbox_payloads(sequence, signed_at, status, transaction_payload, renewal_payload,
                    consumption_reason) VALUES(?, ?, ?, ?, ?, ?)
                """,
                [
                    .integer(sequence), .integer(Self.milliseconds(content.signedDate)),
                    content.status.map { .integer(Int64($0.rawValue)) } ?? .null, transaction, renewal,
                    content.consumptionRequestReason.map(SQLiteValue.text) ?? .null,
                ])
        }
    }

    /// The notification's content and signed payload, if any were kept.
    func notificationPayload(sequence: Int64) throws(LedgerError) -> StoredNotificationPayload? {
        var result: StoredNotificationPayload?
        let key = "\(sequence)"
        try connection.query(
            """
            SELECT signed_at, status, transaction_payload, renewal_payload, consumption_reason, jws
            FROM outbox_payloads WHERE sequence = ?
            """, [.integer(sequence)]
        ) { row throws(LedgerError) in
            var content: NotificationContent?
            if let signedAt = row.optionalInteger(0) {
                var fixed = NotificationContent(signedDate: Self.date(signedAt))
                if let raw = row.optionalInteger(1) {
                    guard let status = SubscriptionStatus.RenewalState(rawValue: Int(raw)) else {
                        throw corrupt("outbox_payloads", key, "status \(raw) is not a subscription status")
                    }
                    fixed.status = status
                }
                do {
                    fixed.transaction = try row.text(2).map { try Transaction(payloadJSON: Array($0.utf8)) }
                    fixed.renewalInfo = try row.text(3).map { try RenewalInfo(payloadJSON: Array($0.utf8)) }
                } catch {
                    throw corrupt("outbox_payloads", key, "\(error)")
                }
                fixed.consumptionRequestReason = row.text(4)
                content = fixed
            }
            result = StoredNotificationPayload(content: content, jws: row.text(5))
        }
        return result
    }

    /// Keeps a notification's signed payload, made the first time it was needed: every later
    /// delivery, retry and history page sends these bytes. A payload already kept stays.
    func keepSignedNotification(_ jws: String, sequence: Int64) throws(LedgerError) {
        try flushBatch()
        try connection.query(
            """
            INSERT INTO outbox_payloads(sequence, jws) VALUES(?, ?)
            ON CONFLICT(sequence) DO UPDATE SET jws = excluded.jws WHERE jws IS NULL
            """, [.integer(sequence), .text(jws)])
        // Durable with the next fsync: it can be made again from the content if lost.
        groupSync?.written()
    }
}

import Foundation
import Signing
import StoreCore

/// Reading rows back strictly and writing values: a column that does not hold what was written
/// (a NULL where a name belongs, a phase this Kiosk does not know, JSON that does not decode)
/// is a `LedgerError.corruptRow` naming the table and the row's key, never a quiet default.
extension Ledger {
    /// A transaction row (`t.account, t.phase, t.finished, t.deleted, t.shared_from, t.pending,
    /// t.payload, t.jws, h.header, t.id`): the payload from its JWS when signed, else its JSON.
    func storedTransaction(_ row: SQLiteRow) throws(LedgerError) -> StoredTransaction {
        let key = "\(row.integer(9))"
        let transaction: Transaction
        if let jws = Self.joined(header: row.text(8), rest: row.text(7)) {
            do {
                transaction = try StoredJWS.payload(of: jws, as: Transaction.self)
            } catch {
                throw corrupt("transactions", key, "its signature does not decode: \(error)")
            }
        } else {
            transaction = try decode(Transaction.self, row.data(6), table: "transactions", key: key)
        }
        return StoredTransaction(
            transaction: transaction,
            account: AccountName(try required(row.text(0), "account", table: "transactions", key: key)),
            phase: try value(
                StoredTransaction.Phase.self, row.text(1), "phase", table: "transactions", key: key),
            isFinished: row.integer(2) != 0,
            isDeleted: row.integer(3) != 0,
            pendingPurchase: try row.text(5).map { (text: String) throws(LedgerError) -> PendingPurchase in
                try decode(PendingPurchase.self, Data(text.utf8), table: "transactions", key: key)
            },
            sharedFrom: row.optionalInteger(4).map(UInt64.init))
    }

    /// An idempotency row (`account, key, transaction_id, outcome, app_account_token`).
    func idempotencyRecord(_ row: SQLiteRow) throws(LedgerError) -> IdempotencyRecord {
        let account = try required(row.text(0), "account", table: "idempotency", key: "(no account)")
        let name = try required(row.text(1), "key", table: "idempotency", key: account + "/(no key)")
        let key = account + "/" + name
        let token: IdempotencyRecord.RequestedToken
        switch row.text(4) {
        case nil: token = .unrecorded
        case Self.noToken: token = .absent
        case let text?:
            guard let uuid = UUID(uuidString: text) else {
                throw corrupt("idempotency", key, "app_account_token '\(text)' is not a UUID")
            }
            token = .token(uuid)
        }
        return IdempotencyRecord(
            account: AccountName(account), key: name,
            transactionID: row.integer(2) == 0 ? nil : UInt64(row.integer(2)),
            outcome: try value(
                IdempotencyRecord.Outcome.self, row.text(3), "outcome", table: "idempotency", key: key),
            requestedToken: token)
    }

    /// How `app_account_token` says a purchase asked for no token (NULL is a row written before
    /// schema 8, which did not keep it).
    static let noToken = "none"

    /// The `app_account_token` value of a record.
    static func tokenColumn(_ token: IdempotencyRecord.RequestedToken) -> SQLiteValue {
        switch token {
        case .unrecorded: return .null
        case .absent: return .text(noToken)
        case .token(let uuid): return .text(uuid.uuidString)
        }
    }

    /// The failure for a row that does not hold what was written.
    func corrupt(_ table: String, _ key: String, _ problem: String) -> LedgerError {
        .corruptRow(table: table, key: key, problem: problem, path: connection.path)
    }

    /// A text column that must not be NULL.
    func required(_ text: String?, _ column: String, table: String, key: String) throws(LedgerError) -> String
    {
        guard let text else { throw corrupt(table, key, "\(column) is NULL") }
        return text
    }

    /// A column holding one of an enum's raw values.
    func value<T: RawRepresentable>(
        _ type: T.Type, _ text: String?, _ column: String, table: String, key: String
    )
        throws(LedgerError) -> T where T.RawValue == String
    {
        guard let text, let value = T(rawValue: text) else {
            throw corrupt(table, key, "\(column) '\(text ?? "NULL")' is not a known \(T.self)")
        }
        return value
    }

    func decode<T: Decodable>(_ type: T.Type, _ data: Data, table: String, key: String) throws(LedgerError)
        -> T
    {
        do {
            return try decoder.decode(type, from: data)
        } catch {
            throw corrupt(table, key, "its \(T.self) JSON does not decode: \(error)")
        }
    }

    func encode(_ value: some Encodable) throws(LedgerError) -> String {
        do {
            return String(decoding: try encoder.encode(value), as: UTF8.self)
        } catch {
            throw .unencodable(what: "\(type(of: value))", problem: "\(error)", path: connection.path)
        }
    }
}

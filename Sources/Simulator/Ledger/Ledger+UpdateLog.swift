import Foundation
import StoreCore

/// The numbered log of transaction updates (schema 4), read by update streams that resume.
extension Ledger {
    /// `account`'s update-log entries after `sequence`, oldest first, at most `limit`.
    func updates(of account: AccountName, after sequence: Int64, limit: Int) throws(LedgerError) -> [(
        sequence: Int64, transactionID: UInt64
    )] {
        var result: [(Int64, UInt64)] = []
        try connection.query(
            """
            SELECT sequence, transaction_id FROM update_log WHERE account = ? AND sequence > ?
            ORDER BY sequence LIMIT ?
            """, [.text(account), .integer(sequence), .integer(Int64(limit))]
        ) { result.append(($0.integer(0), UInt64($0.integer(1)))) }
        return result
    }
}

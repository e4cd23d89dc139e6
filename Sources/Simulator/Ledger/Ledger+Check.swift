import Foundation
import StoreCore

extension Ledger {
    /// Reads every row of the store strictly (a save point's check before it is loaded): the
    /// first that does not decode throws, naming its table and key. Nil when the file holds no
    /// store. Reads the whole history a page at a time (accounts by name, an account's
    /// transactions by ID), so memory stays bounded whatever the file's size: for checks,
    /// never for serving.
    /// - Parameter progress: called with (accounts read, accounts in all) as the check goes.
    func readEveryRow(progress: ((Int, Int) -> Void)? = nil) throws(LedgerError) -> (
        accounts: Int, transactions: Int
    )? {
        guard try loadMeta() != nil else { return nil }
        var total = 0
        try connection.query("SELECT count(*) FROM accounts") { total = Int($0.integer(0)) }
        var read = 0
        var transactionCount = 0
        var after: AccountName?
        while true {
            let page = try accountNames(after: after, limit: 256)
            guard let last = page.last else { break }
            for name in page {
                progress?(read, total)
                read += 1
                guard try account(named: name) != nil else {
                    throw corrupt("accounts", name.rawValue, "the account's record cannot be read")
                }
                var lastID = Int64.min
                while true {
                    // Paged by the row's own ID: a payload's ID is data, not a position.
                    var pageCount = 0
                    try connection.query(
                        Self.transactionColumns + " WHERE t.account = ? AND t.id > ? ORDER BY t.id LIMIT 512",
                        [.text(name), .integer(lastID)]
                    ) { row throws(LedgerError) in
                        _ = try storedTransaction(row)
                        lastID = row.integer(9)
                        pageCount += 1
                    }
                    guard pageCount > 0 else { break }
                    transactionCount += pageCount
                }
                _ = try chains(ofAccount: name)
                _ = try idempotencyRecords(ofAccount: name)
            }
            after = last
        }
        return (read, transactionCount)
    }

    /// Up to `limit` account names after `name` (from the first when nil), in order.
    private func accountNames(after name: AccountName?, limit: Int) throws(LedgerError) -> [AccountName] {
        var names: [AccountName] = []
        try connection.query(
            "SELECT name FROM accounts WHERE name > ? ORDER BY name LIMIT ?",
            [name.map { .text($0) } ?? .text(""), .integer(Int64(limit))]
        ) { row throws(LedgerError) in
            names.append(AccountName(try required(row.text(0), "name", table: "accounts", key: "(no name)")))
        }
        return names
    }
}

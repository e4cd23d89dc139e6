import Foundation
import StoreCore

extension Ledger {
    /// Reads every row of the store strictly (a save point's check before it is loaded): the
    /// first that does not decode throws, naming its table and key. Nil when the file holds no
    /// store. Reads the whole history, account by account: for checks, never for serving.
    func readEveryRow() throws(LedgerError) -> (accounts: Int, transactions: Int)? {
        guard try loadMeta() != nil else { return nil }
        let accounts = try allAccounts()
        var transactionCount = 0
        for record in accounts {
            let name = record.account.name
            transactionCount += try transactions(ofAccount: name).count
            _ = try chains(ofAccount: name)
            _ = try idempotencyRecords(ofAccount: name)
        }
        return (accounts.count, transactionCount)
    }
}

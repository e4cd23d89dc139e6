import Foundation
import StoreCore

extension Ledger {
    /// Reads every row of the store strictly (a save point's check before it is loaded): the
    /// first that does not decode throws, naming its table and key. Nil when the file holds no
    /// store. Reads the whole history, account by account: for checks, never for serving.
    /// - Parameter progress: called with (accounts read, accounts in all) as the check goes.
    func readEveryRow(progress: ((Int, Int) -> Void)? = nil) throws(LedgerError) -> (
        accounts: Int, transactions: Int
    )? {
        guard try loadMeta() != nil else { return nil }
        let accounts = try allAccounts()
        var transactionCount = 0
        for (index, record) in accounts.enumerated() {
            progress?(index, accounts.count)
            let name = record.account.name
            transactionCount += try transactions(ofAccount: name).count
            _ = try chains(ofAccount: name)
            _ = try idempotencyRecords(ofAccount: name)
        }
        return (accounts.count, transactionCount)
    }
}

import Foundation
import Signing
import StoreCore

extension SimulatedStore {
    /// The ledger schema this Kiosk writes (`PRAGMA user_version`): a benchmark keys the
    /// ledgers it caches by it, so a cached ledger is never an older shape than the code.
    public static var ledgerSchemaVersion: Int { LedgerSchema.currentVersion }

    /// Writes a long history straight into a new ledger, for benchmarks (`HistoryGenerator`):
    /// `accounts` accounts (`prefix0`, `prefix1`, ...) each subscribed to `productID` and
    /// renewed `renewals` times, monthly, ending at the present.
    /// - Returns: the number of transactions written.
    /// - Throws: `StoreError` when the ledger cannot be written or already holds a store.
    public static func generateHistory(
        catalog: any ProductCatalog, ledger location: LedgerLocation, signer: any PayloadSigner,
        accounts: Int, renewals: Int, productID: String, prefix: String = "u", batch: Int = 200,
        progress: (Int) -> Void = { _ in }
    ) throws(StoreError) -> Int {
        try HistoryGenerator.generate(
            catalog: catalog, ledger: location, signer: signer, accounts: accounts, renewals: renewals,
            productID: productID, prefix: prefix, batch: batch, progress: progress)
    }

    // MARK: History pages
    // Get Transaction History and Get Refund History, a page at a time (`HistoryPager`).

    /// Up to `limit` transactions of the account's history (as `serverTransactions(ofAccount:)`
    /// gives it) that `accepts` takes, in ID order (newest first when `descending`), starting
    /// after the transaction `last` (the last one of the previous page; nil: from the start).
    /// Keyed by ID rather than position, so a purchase made between two pages neither shifts
    /// nor repeats what the next page holds.
    public func serverTransactionPage(
        ofAccount account: AccountName, after last: UInt64?, descending: Bool, limit: Int,
        accepting accepts: @Sendable (Transaction) -> Bool
    ) throws(StoreError) -> ServerTransactionPage {
        try catchUp()
        let limit = max(limit, 0)
        // One more than the page is found only to tell whether there is more.
        let wanted = limit + 1
        let holdings = self.holdings
        func take(_ stored: StoredTransaction) -> Bool {
            holdings.isInHistory(stored) && accepts(stored.transaction)
        }
        let found = try HistoryPager(ledger: ledger, state: state).rows(
            ofAccount: account, after: last, descending: descending, wanted: wanted, taking: take)
        try checkReads()
        var items: [ServerTransaction] = []
        items.reserveCapacity(min(found.count, limit))
        for (stored, jws) in found.prefix(limit) {
            if let jws {
                items.append(
                    ServerTransaction(account: stored.account, transaction: stored.transaction, jws: jws))
            } else {
                items.append(try reader.serverTransaction(stored))
            }
        }
        return ServerTransactionPage(items: items, hasMore: found.count > limit)
    }
}

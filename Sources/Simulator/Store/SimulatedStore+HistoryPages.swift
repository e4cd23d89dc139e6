import Foundation
import StoreCore

/// Get Transaction History and Get Refund History, a page at a time: the cost of a page grows
/// with the page, not with the account's history, and a page keeps nothing in memory.
extension SimulatedStore {
    /// Up to `limit` transactions of the account's history (as `serverTransactions(ofAccount:)`
    /// gives it) that `accepts` takes, in ID order (newest first when `descending`), starting
    /// after the transaction `last` (the last one of the previous page; nil: from the start).
    /// Keyed by ID rather than position, so a purchase made between two pages neither shifts
    /// nor repeats what the next page holds.
    public func serverTransactionPage(
        ofAccount account: String, after last: UInt64?, descending: Bool, limit: Int,
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
                items.append(try serverTransaction(stored))
            }
        }
        return ServerTransactionPage(items: items, hasMore: found.count > limit)
    }
}

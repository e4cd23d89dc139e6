import Foundation
import StoreCore

/// One page of an account's history as the App Store Server API hands it out.
public struct ServerTransactionPage: Sendable {
    /// The page's transactions, in the order asked for.
    public var items: [ServerTransaction]
    /// Whether more transactions the filter accepts follow the last item.
    public var hasMore: Bool
}

/// Get Transaction History and Get Refund History, a page at a time: the cost of a page grows
/// with the page, not with the account's history, and a page keeps nothing in memory.
extension SimulatedStore {
    /// How many rows one read of the ledger takes while looking for a page's transactions.
    /// A filter may skip most of an account's rows; a chunk bounds what is in memory at once.
    static let historyChunk = 200

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
        var found: [(stored: StoredTransaction, jws: String?)] = []
        func take(_ stored: StoredTransaction) -> Bool {
            isInHistory(stored) && accepts(stored.transaction)
        }
        if let ids = state.cachedTransactionIDs(of: account) {
            // The account is at work: its transactions are in memory (what an action staged
            // there is what the ledger holds), so the page is walked there without a read.
            for index in Self.indices(of: ids, after: last, descending: descending) {
                guard let stored = state.transaction(ids[index]), take(stored) else { continue }
                found.append((stored, nil))
                if found.count == wanted { break }
            }
        } else {
            var cursor = last
            while found.count < wanted {
                let chunk: [(stored: StoredTransaction, jws: String?)]
                do throws(LedgerError) {
                    chunk = try ledger.transactions(
                        ofAccount: account, after: cursor, descending: descending, limit: Self.historyChunk)
                } catch {
                    throw StoreError(error)
                }
                for row in chunk where take(row.stored) {
                    found.append(row)
                    if found.count == wanted { break }
                }
                guard chunk.count == Self.historyChunk, let next = chunk.last else { break }
                cursor = next.stored.id
            }
        }
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

    /// The positions in `ids` (oldest first) of those that follow `last` in the page's
    /// direction, in walking order; where to start is found by binary search, not by a walk.
    private static func indices(of ids: [UInt64], after last: UInt64?, descending: Bool) -> StrideTo<Int> {
        var low = 0
        var high = ids.count
        if let last {
            // The first position whose ID is past `last` (ascending) or not before it (descending).
            while low < high {
                let middle = (low + high) / 2
                if descending ? ids[middle] < last : ids[middle] <= last {
                    low = middle + 1
                } else {
                    high = middle
                }
            }
        } else if descending {
            low = ids.count
        }
        return descending ? stride(from: low - 1, to: -1, by: -1) : stride(from: low, to: ids.count, by: 1)
    }
}

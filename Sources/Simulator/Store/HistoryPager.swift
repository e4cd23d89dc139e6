import Foundation
import StoreCore

/// Walks an account's history for a page of it (Get Transaction History, Get Refund History),
/// keyed by transaction ID: from memory when the account's rows are cached (an account at
/// work), else from the ledger a chunk at a time, so the cost of a page grows with the page,
/// not with the account's history, and a page keeps nothing in memory.
struct HistoryPager {
    /// How many rows one read of the ledger takes while looking for a page's transactions.
    /// A filter may skip most of an account's rows; a chunk bounds what is in memory at once.
    static let chunk = 200

    let ledger: Ledger
    let state: StoreState

    /// The first `wanted` of the account's transactions that `take` accepts, in ID order
    /// (newest first when `descending`), after the transaction `last` (nil: from the start);
    /// with its JWS when read from the ledger. A row that cannot be read is left in the state
    /// for the caller to check (`SimulatedStore.checkReads`).
    func rows(
        ofAccount account: AccountName, after last: UInt64?, descending: Bool, wanted: Int,
        taking take: (StoredTransaction) -> Bool
    ) throws(StoreError) -> [(stored: StoredTransaction, jws: String?)] {
        var found: [(stored: StoredTransaction, jws: String?)] = []
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
                        ofAccount: account, after: cursor, descending: descending, limit: Self.chunk)
                } catch {
                    throw StoreError(error)
                }
                for row in chunk where take(row.stored) {
                    found.append(row)
                    if found.count == wanted { break }
                }
                guard chunk.count == Self.chunk, let next = chunk.last else { break }
                cursor = next.stored.id
            }
        }
        return found
    }

    /// The positions in `ids` (oldest first) of those that follow `last` in the page's
    /// direction, in walking order; where to start is found by binary search, not by a walk.
    static func indices(of ids: [UInt64], after last: UInt64?, descending: Bool) -> StrideTo<Int> {
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

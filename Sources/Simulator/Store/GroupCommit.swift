import Foundation
import StoreCore

/// The wait of a grouped request (`SimulatedStore.grouped`) for its answer: its batch committed
/// and made durable. It waits off the store, so the fsync thread wakes the caller's own
/// executor (a server's connection thread) directly instead of the store first, and the store
/// serves others meanwhile. In memory there is no group commit: a result is answered at once.
struct GroupCommit: Sendable {
    let groupSync: GroupSync?

    /// `grouped`'s result once its batch is committed and durable. Most requests of a batch
    /// find it committed by the first of them to ask: they wait for its fsync without queueing
    /// for the store again; the first asks `commit` (the store) for the batch's ticket.
    func answered<T>(
        _ grouped: (T, Ledger.BatchNumber), commit: (Ledger.BatchNumber) async throws(StoreError) -> UInt64?
    ) async throws(StoreError) -> T {
        let (result, batch) = grouped
        guard let groupSync else { return result }
        if let ticket = groupSync.ticket(ofBatch: batch) {
            try await durable(ticket)
        } else {
            try await durable(try await commit(batch))
        }
        return result
    }

    /// Returns once the commit with `ticket` is durable.
    func durable(_ ticket: UInt64?) async throws(StoreError) {
        guard let ticket, let groupSync else { return }
        do throws(LedgerError) {
            try await groupSync.durable(ticket)
        } catch {
            throw StoreError(error)
        }
    }
}

import Foundation
import StoreCore

extension SimulatedStore {
    /// How far behind a resuming listener may be; further, and it starts afresh.
    static let updateLogReplayLimit = 10_000

    /// Subscribes to `account`'s numbered updates after `sequence` (an update stream's
    /// `Last-Event-ID`). The log is in the ledger, so a stream resumes across restarts and
    /// changes of owner with nothing lost or repeated; the backlog and the live stream are
    /// taken in one actor turn, so nothing falls between them.
    public func subscribeToUpdateLog(account: String, after sequence: Int64?) throws(StoreError)
        -> UpdateLogSubscription
    {
        try catchUp()
        let head = ledger.lastUpdateSequence
        var isFresh = true
        var backlog: [LoggedUpdate] = []
        if let sequence, sequence >= 0, sequence <= head {
            let rows: [(sequence: Int64, transactionID: UInt64)]
            do throws(LedgerError) {
                rows = try ledger.updates(of: account, after: sequence, limit: Self.updateLogReplayLimit + 1)
            } catch {
                throw StoreError(error)
            }
            if rows.count <= Self.updateLogReplayLimit {
                isFresh = false
                backlog = rows.compactMap { row in
                    guard let stored = state.transaction(row.transactionID), stored.isVisible else {
                        return nil
                    }
                    return LoggedUpdate(sequence: row.sequence, transaction: streamed(stored))
                }
            }
        }
        let (live, _) = watch(\.log, account: account)
        startClock()
        return UpdateLogSubscription(
            isFresh: isFresh, head: isFresh ? head : sequence ?? head, backlog: backlog, live: live)
    }
}

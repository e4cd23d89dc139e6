import Foundation
import StoreCore

extension SimulatedStore {
    /// What the accounts hold now (`StoreHoldings`).
    var holdings: StoreHoldings { StoreHoldings(state: state, products: products, now: currentTime) }

    /// The reads of now, signed (`StoreReader`).
    var reader: StoreReader {
        StoreReader(holdings: holdings, ledger: ledger, signer: signer, signatures: recentSignatures)
    }

    /// Subscribes to `account`'s numbered updates after `sequence` (an update stream's
    /// `Last-Event-ID`). The log is in the ledger, so a stream resumes across restarts and
    /// changes of owner with nothing lost or repeated; the backlog (`StoreReader.updateBacklog`)
    /// and the live stream are taken in one actor turn, so nothing falls between them.
    public func subscribeToUpdateLog(account: AccountName, after sequence: Int64?) throws(StoreError)
        -> UpdateLogSubscription
    {
        try catchUp()
        let head = ledger.lastUpdateSequence
        let backlog = try reader.updateBacklog(of: account, after: sequence)
        let (live, _) = watch(\.log, account: account)
        startClock()
        return UpdateLogSubscription(
            isFresh: backlog == nil, head: backlog == nil ? head : sequence ?? head, backlog: backlog ?? [],
            live: live)
    }
}

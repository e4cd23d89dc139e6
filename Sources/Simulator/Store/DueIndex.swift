import Foundation
import Signing
import StoreCore

/// The ledger's due-event index kept in step with the subscriptions, in the same commit: for
/// each subscription an action may have moved, its next renewal, expiry or retry date. The
/// store's timer and catch-up read its earliest entry (`StoreState.earliestDue`).
enum DueIndex {
    /// The subscriptions whose next due date the action may have changed, with that date: the
    /// chains it wrote or removed, those whose transactions it changed (a refund ends one),
    /// those the engine found stale, and, when the time rate or billing settings changed,
    /// every one in billing retry (retry lasts as long as the rate says).
    static func entries(_ action: StagedAction) -> [SubscriptionChain.Key: DueEntry] {
        let changes = action.changes
        var keys = Set(changes.chains.keys).union(changes.removedChains).union(changes.dueRechecks)
        for stored in changes.transactions.values {
            if let group = stored.transaction.subscriptionGroupID {
                keys.insert(SubscriptionChain.Key(account: stored.account, groupID: group))
            }
        }
        if !changes.wipe, let meta = changes.meta,
            meta.clock.rate != action.base.meta.clock.rate || meta.settings != action.base.meta.settings
        {
            keys.formUnion(action.base.retryKeys())
        }
        var entries: [SubscriptionChain.Key: DueEntry] = [:]
        for key in keys {
            let chain = action.chain(key)
            entries[key] = DueEntry(
                due: chain.flatMap(action.nextDue), isInRetry: chain?.billingRetryStart != nil)
        }
        return entries
    }

    /// Builds the due-event index of a ledger that has none yet (written by schema 4) from
    /// every subscription, once.
    static func buildIfNeeded(
        ledger: Ledger, state: StoreState, signer: any PayloadSigner, products: ProductIndex
    ) throws(StoreError) {
        do throws(LedgerError) {
            guard try !ledger.hasDueIndex() else { return }
            let reader = StagedAction(
                base: state, signer: signer, products: products, now: state.meta.clock.now(wall: Date()))
            let entries = try ledger.allChains().map { chain in
                (chain.key, DueEntry(due: reader.nextDue(chain), isInRetry: chain.billingRetryStart != nil))
            }
            if let failure = state.takeFailure() { throw failure }
            try ledger.buildDueIndex(entries)
            state.apply(Changeset(dueDates: Dictionary(entries) { $1 }))
        } catch {
            throw StoreError(error)
        }
    }
}

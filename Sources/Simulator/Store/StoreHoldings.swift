import Foundation
import StoreCore

/// What the accounts of a store hold at one store time, as StoreKit and the Transaction
/// Manager see it: visible transactions and history, entitlements, the subscriptions held (with
/// Family Sharing copies) and their states. Read from the store's state only: it signs nothing
/// and writes nothing, and a read that fails is left in the state for the store to check
/// (`SimulatedStore.checkReads`).
struct StoreHoldings {
    let state: StoreState
    let products: ProductIndex
    /// The store's time the answers hold for.
    let now: Date

    /// The account's visible transactions, oldest first.
    func visibleTransactions(of account: AccountName) -> [StoredTransaction] {
        state.transactions(of: account).filter(\.isVisible)
    }

    /// The account's transaction history as `Transaction.all` and Get Transaction History
    /// give it: finished consumables are left out unless refunded, or unless the store
    /// includes them (`SKIncludeConsumableInAppPurchaseHistory`).
    func historyTransactions(of account: AccountName) -> [StoredTransaction] {
        state.transactions(of: account).filter(isInHistory)
    }

    /// Whether a stored transaction is one of its account's history (`historyTransactions`):
    /// visible, and not a finished consumable unless refunded or the store includes them. A
    /// history page applies it row by row.
    func isInHistory(_ stored: StoredTransaction) -> Bool {
        guard stored.isVisible else { return false }
        return state.meta.settings.includeFinishedConsumables || stored.transaction.productType != .consumable
            || !stored.isFinished || stored.transaction.isRevoked
    }

    /// The latest transaction of each product the account is entitled to now: non-consumables
    /// and non-renewing subscriptions not refunded, auto-renewable subscriptions subscribed or
    /// in their grace period. Consumables are not entitlements, as in StoreKit.
    func entitlements(of account: AccountName) -> [StoredTransaction] {
        var latestByProduct: [String: StoredTransaction] = [:]
        for stored in visibleTransactions(of: account) where stored.transaction.productType != .consumable {
            latestByProduct[stored.transaction.productID] = stored
        }
        return latestByProduct.values.filter { stored in
            let transaction = stored.transaction
            guard !transaction.isRevoked, !transaction.isUpgraded else { return false }
            guard transaction.productType == .autoRenewable else { return true }
            if let expiration = transaction.expirationDate, expiration > now { return true }
            // A subscription in its billing grace period keeps access past its expiration.
            return subscriptionState(of: transaction, account: account) == .inGracePeriod
        }.sorted { $0.id < $1.id }
    }

    /// The renewal state of the subscription a transaction belongs to.
    func subscriptionState(of transaction: Transaction, account: AccountName) -> SubscriptionStatus
        .RenewalState?
    {
        guard let chain = chain(of: transaction, account: account) else { return nil }
        let latestRevoked = state.transaction(chain.latestTransactionID)?.transaction.isRevoked ?? false
        return chain.state(at: now, latestRevoked: latestRevoked)
    }

    /// The chain a transaction belongs to; for a Family Sharing copy, the purchaser's as the
    /// member holds it (`SubscriptionChain.familyView`: the member's own original ID).
    func chain(of transaction: Transaction, account: AccountName) -> SubscriptionChain? {
        guard let group = transaction.subscriptionGroupID else { return nil }
        if let chain = state.chain(SubscriptionChain.Key(account: account, groupID: group)),
            chain.originalTransactionID == transaction.originalID
        {
            return chain
        }
        guard let source = state.transaction(transaction.id)?.sharedFrom.flatMap({ state.transaction($0) }),
            let chain = state.chain(SubscriptionChain.Key(account: source.account, groupID: group)),
            chain.originalTransactionID == source.transaction.originalID
        else {
            return nil
        }
        let latestCopy =
            visibleTransactions(of: account).last { $0.transaction.originalID == transaction.originalID }?
            .transaction ?? transaction
        return chain.familyView(member: account, latestCopy: latestCopy)
    }

    /// The subscriptions an account holds, by group: its own, and each one a family member
    /// shares with it (as the member holds it), for StoreKit's statuses and the server's.
    func heldChains(of account: AccountName) -> [SubscriptionChain] {
        var chains = state.chains(of: account)
        var latestCopies: [UInt64: StoredTransaction] = [:]
        for stored in visibleTransactions(of: account)
        where stored.sharedFrom != nil && stored.transaction.productType == .autoRenewable {
            latestCopies[stored.transaction.originalID] = stored
        }
        for copy in latestCopies.values.sorted(by: { $0.id < $1.id }) {
            if let view = chain(of: copy.transaction, account: account) { chains.append(view) }
        }
        return chains
    }

    /// Renewal info for a subscription, as the App Store would sign it now.
    func renewalInfo(for chain: SubscriptionChain) -> RenewalInfo {
        chain.renewalInfo(
            holder: state.account(chain.key.account), products: products, meta: state.meta, at: now)
    }

    /// The Transaction Manager's state for a stored transaction.
    func recordState(_ stored: StoredTransaction) -> TransactionRecord.State {
        switch stored.phase {
        case .pendingApproval: return .pendingApproval
        case .declined: return .declined
        case .interrupted: return .interrupted
        case .delivered: break
        }
        let transaction = stored.transaction
        if transaction.isRevoked { return .refunded }
        if transaction.isUpgraded { return .upgraded }
        guard transaction.productType == .autoRenewable else { return .purchased }
        let chain = chain(of: transaction, account: stored.account)
        let isLatest = chain?.latestTransactionID == transaction.id || stored.sharedFrom != nil
        if isLatest, let state = subscriptionState(of: transaction, account: stored.account) {
            switch state {
            case .inBillingRetryPeriod: return .billingRetry
            case .inGracePeriod: return .gracePeriod
            case .expired, .revoked: return .expired
            case .subscribed: break
            }
        }
        if let expiration = transaction.expirationDate, expiration <= now { return .expired }
        return .purchased
    }
}

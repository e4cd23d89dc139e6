import Foundation
import StoreCore

extension SimulatedStore {
    /// The verification result an app would get for a stored transaction: its JWS from the
    /// ledger, reported unverified when a Verification failure is simulated.
    func result(for stored: StoredTransaction) throws(StoreError) -> VerificationResult<Transaction> {
        if let jws = recentSignatures[stored.id] { return verdict(stored.transaction, jws: jws) }
        let jws: String
        do throws(LedgerError) {
            jws = try ledger.signature(of: stored.id) ?? ""
        } catch {
            throw StoreError(error)
        }
        recentSignatures.remember([stored.id: jws])
        return verdict(stored.transaction, jws: jws)
    }

    /// What a stream hands the app for a transaction, which a stream cannot throw: its result,
    /// or, when its signature cannot be read back, the transaction marked unverified with the
    /// reason (left out, an unfinished transaction would never be finished), and the failure
    /// reported.
    func streamed(_ stored: StoredTransaction) -> VerificationResult<Transaction> {
        do {
            return try result(for: stored)
        } catch {
            reportProblem(
                "transaction \(stored.id) went to the app unverified: its signature could not be read (\(error))"
            )
            return .unverified(
                stored.transaction, .invalidEncoding(reason: "its signature could not be read: \(error)"),
                jws: "")
        }
    }

    func verdict<T>(_ value: T, jws: String) -> VerificationResult<T> {
        if case .verification(let error) = state.meta.failures[.verification] {
            return .unverified(value, error, jws: jws)
        }
        return .verified(value, jws: jws)
    }

    /// The account's visible transactions, oldest first.
    func visibleTransactions(of account: String) -> [StoredTransaction] {
        state.transactions(of: account).filter(\.isVisible)
    }

    /// The account's transaction history as `Transaction.all` and Get Transaction History
    /// give it: finished consumables are left out unless refunded, or unless the store
    /// includes them (`SKIncludeConsumableInAppPurchaseHistory`).
    func historyTransactions(of account: String) -> [StoredTransaction] {
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
    func entitlements(of account: String) -> [StoredTransaction] {
        let now = currentTime
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
    func subscriptionState(of transaction: Transaction, account: String) -> SubscriptionStatus.RenewalState? {
        guard let chain = chain(of: transaction, account: account) else { return nil }
        let latestRevoked = state.transaction(chain.latestTransactionID)?.transaction.isRevoked ?? false
        return chain.state(at: currentTime, latestRevoked: latestRevoked)
    }

    /// The chain a transaction belongs to; for a Family Sharing copy, the purchaser's as the
    /// member holds it (`SubscriptionChain.familyView`: the member's own original ID).
    func chain(of transaction: Transaction, account: String) -> SubscriptionChain? {
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
    func heldChains(of account: String) -> [SubscriptionChain] {
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
            holder: state.account(chain.key.account), products: products, meta: state.meta, at: currentTime)
    }

    /// Signs renewal info (on demand: it changes with every request's `signedDate`).
    func signedRenewalInfo(for chain: SubscriptionChain) throws(StoreError) -> VerificationResult<RenewalInfo>
    {
        let info = renewalInfo(for: chain)
        do {
            return verdict(info, jws: try signer.sign(info))
        } catch {
            throw StoreError.backend("could not sign renewal info: \(error)")
        }
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
        if let expiration = transaction.expirationDate, expiration <= currentTime { return .expired }
        return .purchased
    }
}

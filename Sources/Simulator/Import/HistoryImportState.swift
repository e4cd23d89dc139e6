import Foundation
import StoreCore

/// The rows an imported history becomes: the account, its transactions as the app saw them
/// (finished, but for consumables: see `write`), and one chain per subscription with
/// what its newest renewal info says.
struct HistoryImportState {
    let history: CustomerHistory
    let account: AccountName
    let action: StagedAction

    /// Stages everything into `action`. - Returns: the number of subscription chains.
    func write(into action: inout StagedAction) throws(StoreError) -> Int {
        let transactions = history.transactions.map(\.value)
        let newest = transactions.last
        let storefront = newest?.storefront.countryCode ?? action.settings.storefront
        let created = transactions.first?.purchaseDate ?? action.now
        action.put(
            AccountRecord(
                account: StoreAccount(name: account, storefront: storefront),
                appTransactionID: transactions.first { !$0.appTransactionID.isEmpty }?.appTransactionID
                    ?? AccountRecord.appTransactionID(name: account.rawValue, createdAt: created),
                createdAt: created))
        for transaction in transactions {
            // Apple's history lists a consumable only until the app finishes it: one in the data
            // is unfinished. Of the rest the data says nothing, and the app is taken to have
            // finished them (docs/qa.md).
            try action.putImported(
                StoredTransaction(
                    transaction: transaction, account: account, phase: .delivered,
                    isFinished: transaction.productType != .consumable))
        }
        let subscriptions = Dictionary(grouping: transactions.filter { $0.productType == .autoRenewable }) {
            $0.originalID
        }
        for (original, chain) in subscriptions.sorted(by: { $0.key < $1.key }) {
            action.put(self.chain(chain, renewal: history.renewals[original]?.value, at: action.now))
        }
        return subscriptions.count
    }

    /// A subscription's chain from its transactions (oldest first) and newest renewal info.
    private func chain(_ transactions: [Transaction], renewal: RenewalInfo?, at now: Date)
        -> SubscriptionChain
    {
        let latest =
            transactions.max { ($0.purchaseDate, $0.id) < ($1.purchaseDate, $1.id) } ?? transactions[0]
        let expiration = latest.expirationDate ?? now
        // The start of the current run: renewals with lapses under the store's limit continue it.
        var recentStart = latest.purchaseDate
        for earlier in transactions.sorted(by: { $0.purchaseDate > $1.purchaseDate })
        where earlier.id != latest.id {
            guard let end = earlier.expirationDate,
                recentStart.timeIntervalSince(end) < action.recentStartLapse
            else { break }
            recentStart = min(recentStart, earlier.purchaseDate)
        }
        let inRetry = renewal?.isInBillingRetry ?? false
        let revoked = latest.revocationDate != nil
        let expired = revoked || (!inRetry && expiration <= now)
        var chain = SubscriptionChain(
            key: SubscriptionChain.Key(account: account, groupID: latest.subscriptionGroupID ?? ""),
            originalTransactionID: latest.originalID, originalPurchaseDate: latest.originalPurchaseDate,
            currentProductID: latest.productID,
            autoRenewProductID: renewal?.autoRenewPreference ?? latest.productID,
            autoRenewEnabled: !revoked && (renewal?.willAutoRenew ?? !expired),
            latestTransactionID: latest.id, expirationDate: expiration,
            recentStartDate: renewal?.recentSubscriptionStartDate ?? recentStart)
        chain.isExpired = expired
        chain.expirationReason = expired ? renewal?.expirationReason ?? .unknown : renewal?.expirationReason
        if inRetry && !revoked {
            chain.billingRetryStart = expiration
            chain.gracePeriodExpirationDate = renewal?.gracePeriodExpirationDate
        }
        let renewalPrice = renewal?.renewalPrice ?? latest.price ?? 0
        switch renewal?.priceIncreaseStatus {
        case .pending: chain.priceIncrease = .pending(newPrice: renewalPrice)
        case .agreed: chain.priceIncrease = .agreed(newPrice: renewalPrice)
        case .noIncreasePending, nil: chain.priceIncrease = .none
        }
        chain.offer = renewal?.offer.flatMap { offer(matching: $0, product: chain.autoRenewProductID) }
        chain.billingPlanType = latest.billingPlanType
        chain.appAccountToken = latest.appAccountToken
        chain.billingSequence = transactions.count
        return chain
    }

    /// The catalog's offer the next renewal is to get (nil when the catalog has no such offer:
    /// the renewal is then billed at the regular price).
    private func offer(matching offer: Transaction.Offer, product: String) -> AppliedOffer? {
        guard let subscription = action.productIfSold(product, for: account)?.subscription else { return nil }
        return subscription.allOffers.first {
            $0.type == offer.type && (offer.id == nil || $0.id == offer.id)
        }.map(AppliedOffer.init)
    }
}

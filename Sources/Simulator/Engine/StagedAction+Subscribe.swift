import Foundation
import Signing
import StoreCore

extension StagedAction {
    /// Starts, resubscribes or changes an auto-renewable subscription (App Store rules: an
    /// upgrade, or a crossgrade of the same duration, takes effect at once; a downgrade, or a
    /// crossgrade of another duration, at the next renewal).
    mutating func completeSubscription(
        _ pending: PendingPurchase, product: Product, account: AccountName, at date: Date, announce: Bool,
        reusing reusedID: UInt64?
    ) throws(StoreError) -> Transaction {
        guard let info = product.subscription else { throw StoreError.productNotFound(product.id) }
        let key = SubscriptionChain.Key(account: account, groupID: info.groupID)
        if let chain = chain(key), !chain.isExpired, !isRevoked(chain) {
            return try change(
                chain, to: product, pending: pending, at: date, announce: announce, reusing: reusedID)
        }
        let previous = chain(key)
        // A lapse shorter than 60 days, of any kind, keeps the recent start date.
        let recentStart =
            previous.flatMap { earlier in
                date.timeIntervalSince(earlier.expirationDate) < recentStartLapse
                    ? earlier.recentStartDate : nil
            } ?? date
        var offer = pending.offer
        let segment = firstSegment(product, offer: &offer, plan: pending.billingPlanType, from: date)
        var transaction = try newTransaction(
            account: account, product: product, purchaseDate: date, expirationDate: segment.end,
            original: previous.map { ($0.originalTransactionID, $0.originalPurchaseDate) },
            appAccountToken: pending.appAccountToken, offer: pending.offer, price: segment.price,
            billingPlanType: pending.billingPlanType, reusing: reusedID)
        var chain = SubscriptionChain(
            key: key, originalTransactionID: transaction.originalID,
            originalPurchaseDate: transaction.originalPurchaseDate, currentProductID: product.id,
            autoRenewProductID: product.id,
            autoRenewEnabled: pending.renewalBehavior != .cancelImmediately,
            latestTransactionID: transaction.id, expirationDate: segment.end, recentStartDate: recentStart,
            offer: offer,
            billingPlanType: pending.billingPlanType, appAccountToken: pending.appAccountToken,
            billingSequence: 1)
        countBill(&transaction, chain: &chain, product: product)
        put(chain)
        try deliver(transaction, account: account, announce: announce)
        let subtype: NotificationSubtype = previous == nil ? .initialBuy : .resubscribe
        notify(
            isRedeemedOffer(pending.offer) ? .offerRedeemed : .subscribed, subtype, account: account,
            transaction: transaction)
        try shareWithFamily(transaction, purchaser: account)
        return transaction
    }

    /// A purchase within a group the account is subscribed to.
    private mutating func change(
        _ chain: SubscriptionChain, to product: Product, pending: PendingPurchase, at date: Date,
        announce: Bool,
        reusing reusedID: UInt64?
    ) throws(StoreError) -> Transaction {
        var chain = chain
        guard var latest = transaction(chain.latestTransactionID) else {
            throw StoreError.backend(
                "subscription \(chain.originalTransactionID) lost its latest transaction")
        }
        if let reusedID, var provisional = transaction(reusedID) {
            // An approved request for a plan the account already has: nothing new to deliver.
            provisional.isDeleted = true
            putUnsigned(provisional)
        }
        let account = chain.key.account
        let current = try self.product(chain.currentProductID, for: account)
        guard let info = product.subscription, let currentInfo = current.subscription else {
            return latest.transaction
        }
        if product.id == current.id {
            // Each change is staged before its notification, which describes the state after it.
            if chain.autoRenewProductID != product.id {
                chain.autoRenewProductID = product.id
                put(chain)
                notify(.didChangeRenewalPreference, account: account, transaction: latest.transaction)
            }
            if !chain.autoRenewEnabled {
                chain.autoRenewEnabled = true
                put(chain)
                notify(
                    .didChangeRenewalStatus, .autoRenewEnabled, account: account,
                    transaction: latest.transaction)
            }
            // An offer for the product the customer has (a retention message's promotional
            // offer) applies from the next renewal: OFFER_REDEEMED without a subtype.
            if let offer = pending.offer, isRedeemedOffer(offer) {
                chain.offer = offer
                put(chain)
                notify(.offerRedeemed, account: account, transaction: latest.transaction)
            }
            return latest.transaction
        }
        let relation = SubscriptionRelationship.of(
            info, productID: product.id, to: currentInfo, activeID: current.id)
        let immediate = relation == .upgrade || (relation == .crossgrade && info.period == currentInfo.period)
        guard immediate else {
            chain.autoRenewProductID = product.id
            chain.autoRenewEnabled = true
            if let offer = pending.offer { chain.offer = offer }
            put(chain)
            notify(
                isRedeemedOffer(pending.offer) ? .offerRedeemed : .didChangeRenewalPreference,
                relation == .downgrade ? .downgrade : nil, account: account, transaction: latest.transaction)
            self.announce(.event(account: account, .stateChanged))
            return latest.transaction
        }
        latest.transaction.isUpgraded = true
        try update(latest, announce: announce)
        try mirrorToFamily(latest.transaction)
        var offer = pending.offer
        let segment = firstSegment(product, offer: &offer, plan: pending.billingPlanType, from: date)
        var transaction = try newTransaction(
            account: account, product: product, purchaseDate: date, expirationDate: segment.end,
            original: (chain.originalTransactionID, chain.originalPurchaseDate),
            appAccountToken: pending.appAccountToken ?? chain.appAccountToken, offer: pending.offer,
            price: segment.price, billingPlanType: pending.billingPlanType, reusing: reusedID)
        chain.currentProductID = product.id
        chain.autoRenewProductID = product.id
        chain.autoRenewEnabled = true
        chain.latestTransactionID = transaction.id
        chain.expirationDate = segment.end
        chain.offer = offer
        chain.billingRetryStart = nil
        chain.gracePeriodExpirationDate = nil
        chain.priceIncrease = .none
        chain.renewalPriceOverride = nil
        chain.pendingMessage = nil
        chain.billingPlanType = pending.billingPlanType
        chain.billingSequence += 1
        chain.commitmentBills = 0
        countBill(&transaction, chain: &chain, product: product)
        put(chain)
        try deliver(transaction, account: account, announce: announce)
        notify(
            isRedeemedOffer(pending.offer) ? .offerRedeemed : .didChangeRenewalPreference,
            relation == .upgrade ? .upgrade : nil, account: account, transaction: transaction)
        try shareWithFamily(transaction, purchaser: account)
        return transaction
    }

    /// The first billed segment: the offer's (consuming one of its segments) or a regular period.
    func firstSegment(
        _ product: Product, offer: inout AppliedOffer?, plan: BillingPlan.PlanType?, from date: Date,
        priceOverride: Decimal? = nil
    ) -> (end: Date, price: Decimal) {
        if var applied = offer, applied.remainingSegments > 0 {
            let end = meta.clock.periodEnd(
                from: date, period: applied.period, count: applied.periodsPerSegment)
            applied.remainingSegments -= 1
            offer = applied.remainingSegments > 0 ? applied : nil
            return (end, applied.price)
        }
        offer = nil
        let period = billedPeriod(product, plan: plan) ?? SubscriptionPeriod(value: 1, unit: .month)
        return (
            meta.clock.periodEnd(from: date, period: period),
            regularPrice(product, plan: plan, override: priceOverride)
        )
    }

    /// Promotional, offer-code and win-back offers are announced as OFFER_REDEEMED.
    func isRedeemedOffer(_ offer: AppliedOffer?) -> Bool {
        guard let offer else { return false }
        return offer.type != .introductory
    }
}

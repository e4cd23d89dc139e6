import Foundation
import Signing
import StoreCore

/// How long billing problems last: Apple's durations under the store's time rate (see
/// `TimeRate.gracePeriod` and docs/behaviour.md).
extension StagedAction {
    /// The App Store retries a failed renewal this long (60 days in real time).
    var retryDuration: TimeInterval { meta.clock.rate.billingRetryPeriod }
    /// Lapses shorter than this keep `recentSubscriptionStartDate`. Apple: "a gap in paid
    /// service of more than 60 days in the production environment, or 10 minutes in the sandbox
    /// environment" (App Store Server API, recentSubscriptionStartDate). So 60 days (the
    /// billing-retry window, scaled alike under accelerated rates) unless the store signs as
    /// Sandbox, where it is 10 minutes of wall time; Xcode and LocalTesting, of which Apple
    /// says nothing, follow production (docs/behaviour.md).
    var recentStartLapse: TimeInterval {
        identity.environment == .sandbox ? 600 * meta.clock.speed : meta.clock.rate.billingRetryPeriod
    }

    /// The grace period App Store Connect gives for the chosen length (3, 16 or 28 days).
    func graceDuration(for period: SubscriptionPeriod?) -> TimeInterval {
        let isWeekly = period?.unit == .week || period?.unit == .day
        return meta.clock.rate.gracePeriod(isWeekly: isWeekly, days: settings.billingGracePeriodDays)
    }
}

extension StagedAction {
    /// When the chain next needs the engine: a renewal, the end of a grace period, the end of
    /// billing retry; nil when nothing will happen without a tester's action.
    func nextDue(_ chain: SubscriptionChain) -> Date? {
        guard !chain.isExpired, !isRevoked(chain) else { return nil }
        guard let retryStart = chain.billingRetryStart else { return chain.expirationDate }
        let retryEnd = retryStart.addingTimeInterval(retryDuration)
        if let grace = chain.gracePeriodExpirationDate, !chain.gracePeriodEnded {
            return min(grace, retryEnd)
        }
        return retryEnd
    }

    /// Runs every renewal, billing failure, grace-period end and expiry due up to `date`, in
    /// date order across all accounts; with a `limit`, only that many events, the earliest
    /// (what is left stays due for the next action).
    /// - Returns: whether everything due by `date` ran.
    @discardableResult
    mutating func advanceSubscriptions(to date: Date, limit: Int = Int(Int32.max)) throws(StoreError) -> Bool
    {
        var queue = DueQueue()
        // The ledger's index names what is due; the chains this action staged may be due too.
        let (due, cutoff) = base.dueKeys(through: date, limit: limit)
        base.preload(due)
        // Nothing may run after the first event left out of this batch: date order holds. The
        // index keeps whole milliseconds (rounded), a chain's date keeps more: every event that
        // rounds to the left-out one's millisecond may run, or a batch of events all due in that
        // millisecond (more than `limit` subscriptions bought or renewed at one instant) would
        // run none of them, and the catch-up would stage that empty batch for ever. Events in
        // one millisecond have no order to keep: the index returns them in any order too.
        let end = min(date, cutoff.map { $0.addingTimeInterval(0.0005) } ?? date)
        var candidates = Set(due)
        candidates.formUnion(changes.chains.keys)
        for key in candidates {
            let chain = chain(key)
            guard let chain, let due = nextDue(chain), due <= end else {
                // Listed as due by the batch's end but not: the entry is stale (a refund, a new
                // rate), so renew it; else the next batch would list it again, and a batch of
                // nothing but such entries would never end.
                recheckDue(key)
                continue
            }
            queue.push(due, key)
        }
        var steps = 0
        while steps < limit, let (due, key) = queue.pop() {
            guard let chain = chain(key), nextDue(chain) == due else { continue }
            try step(chain, at: due)
            steps += 1
            if let next = self.chain(key).flatMap(nextDue), next <= end { queue.push(next, key) }
        }
        return cutoff == nil && queue.isEmpty
    }

    /// One event in a chain's life at `date`.
    mutating func step(_ chain: SubscriptionChain, at date: Date) throws(StoreError) {
        var chain = chain
        let account = chain.key.account
        let latest = transaction(chain.latestTransactionID)?.transaction
        if let retryStart = chain.billingRetryStart {
            if let grace = chain.gracePeriodExpirationDate, !chain.gracePeriodEnded, grace <= date,
                grace < retryStart.addingTimeInterval(retryDuration)
            {
                chain.gracePeriodEnded = true
                put(chain)
                notify(.gracePeriodExpired, account: account, transaction: latest, at: grace)
                announce(.event(account: account, .stateChanged))
                return
            }
            try expire(chain, at: date, reason: .billingError, subtype: .billingRetry)
            return
        }
        if !chain.autoRenewEnabled {
            try expire(chain, at: date, reason: .autoRenewDisabled, subtype: .voluntary)
        } else if case .pending = chain.priceIncrease {
            try expire(chain, at: date, reason: .didNotConsentToPriceIncrease, subtype: .priceIncrease)
        } else if case .declined = chain.priceIncrease {
            try expire(chain, at: date, reason: .didNotConsentToPriceIncrease, subtype: .priceIncrease)
        } else if productIfSold(chain.autoRenewProductID, for: account) == nil {
            try expire(chain, at: date, reason: .productUnavailable, subtype: .productNotForSale)
        } else if settings.billingRetryOnRenewal {
            let product = productIfSold(chain.currentProductID, for: account)
            chain.billingRetryStart = date
            chain.gracePeriodEnded = false
            chain.gracePeriodExpirationDate =
                settings.billingGracePeriodEnabled
                ? date.addingTimeInterval(
                    graceDuration(for: product?.subscription?.period)) : nil
            chain.pendingMessage = .billingIssue(productID: chain.currentProductID)
            put(chain)
            notify(
                .didFailToRenew, chain.gracePeriodExpirationDate == nil ? nil : .gracePeriod,
                account: account, transaction: latest, at: date)
            announce(.event(account: account, .message(.billingIssue(productID: chain.currentProductID))))
            announce(.event(account: account, .stateChanged))
        } else {
            try renew(chain, at: date)
        }
    }

    /// Bills the next period: a new transaction sharing the original ID, on the product the
    /// subscription renews to (a pending downgrade takes effect here).
    mutating func renew(_ chain: SubscriptionChain, at date: Date, subtype: NotificationSubtype? = nil)
        throws(StoreError)
    {
        var chain = chain
        let account = chain.key.account
        let product = try product(chain.autoRenewProductID, for: account)
        if case .agreed(let newPrice) = chain.priceIncrease {
            chain.renewalPriceOverride = newPrice
            chain.priceIncrease = .none
        }
        if product.id != chain.currentProductID { chain.renewalPriceOverride = nil }
        var offer = chain.offer
        let applied = offer
        let segment = firstSegment(
            product, offer: &offer, plan: chain.billingPlanType, from: date,
            priceOverride: chain.renewalPriceOverride)
        var transaction = try newTransaction(
            account: account, product: product, purchaseDate: date, expirationDate: segment.end,
            original: (chain.originalTransactionID, chain.originalPurchaseDate),
            appAccountToken: chain.appAccountToken,
            offer: applied?.remainingSegments ?? 0 > 0 ? applied : nil, price: segment.price,
            reason: .renewal,
            billingPlanType: chain.billingPlanType)
        chain.offer = offer
        chain.currentProductID = product.id
        chain.latestTransactionID = transaction.id
        chain.expirationDate = segment.end
        chain.billingRetryStart = nil
        chain.gracePeriodExpirationDate = nil
        chain.gracePeriodEnded = false
        chain.pendingMessage = nil
        chain.billingSequence += 1
        countBill(&transaction, chain: &chain, product: product)
        put(chain)
        try deliver(transaction, account: account, announce: true)
        notify(.didRenew, subtype, account: account, transaction: transaction, at: date)
        try shareWithFamily(transaction, purchaser: account)
    }

    /// Ends the subscription, with the reason a renewal info will give.
    mutating func expire(
        _ chain: SubscriptionChain, at date: Date, reason: RenewalInfo.ExpirationReason,
        subtype: NotificationSubtype
    ) throws(StoreError) {
        var chain = chain
        let account = chain.key.account
        chain.isExpired = true
        chain.expirationReason = reason
        chain.autoRenewEnabled = false
        chain.billingRetryStart = nil
        chain.gracePeriodExpirationDate = nil
        chain.priceIncrease = .none
        chain.pendingMessage = nil
        put(chain)
        // Eligibility reads the chain as expired, so it is staged first.
        if let product = productIfSold(chain.currentProductID, for: account),
            let offer = eligibleWinBackOffers(account: account, product: product).first, let id = offer.id
        {
            let message = StoreMessage.winBackOffer(productID: product.id, offerID: id)
            chain.pendingMessage = message
            put(chain)
            announce(.event(account: account, .message(message)))
        }
        let latest = transaction(chain.latestTransactionID)?.transaction
        notify(.expired, subtype, account: account, transaction: latest, at: date)
        announce(.event(account: account, .stateChanged))
    }
}

/// A small binary heap of (due date, chain) pairs, earliest first.
struct DueQueue {
    private var heap: [(Date, SubscriptionChain.Key)] = []

    var isEmpty: Bool { heap.isEmpty }

    mutating func push(_ date: Date, _ key: SubscriptionChain.Key) {
        heap.append((date, key))
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard heap[child].0 < heap[parent].0 else { break }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    mutating func pop() -> (Date, SubscriptionChain.Key)? {
        guard !heap.isEmpty else { return nil }
        heap.swapAt(0, heap.count - 1)
        let top = heap.removeLast()
        var parent = 0
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var smallest = parent
            if left < heap.count && heap[left].0 < heap[smallest].0 { smallest = left }
            if right < heap.count && heap[right].0 < heap[smallest].0 { smallest = right }
            guard smallest != parent else { return top }
            heap.swapAt(parent, smallest)
            parent = smallest
        }
    }
}

import Foundation
import Signing
import StoreCore

/// The Transaction Manager's actions on one transaction or subscription.
extension StagedAction {
    mutating func approveAskToBuy(_ id: UInt64, account: AccountName) throws(StoreError) {
        let purchase = try requirePending(id, account: account, phase: .pendingApproval, action: "approve")
            .purchase
        _ = try complete(purchase, account: account, announce: true, reusing: id)
    }

    mutating func declineAskToBuy(_ id: UInt64, account: AccountName) throws(StoreError) {
        var stored = try requirePending(id, account: account, phase: .pendingApproval, action: "decline")
            .stored
        stored.phase = .declined
        putUnsigned(stored)
        // Apple tells the app nothing of a decline; the tester's view still hears of it.
        announce(
            .event(
                account: account,
                .askToBuyDeclined(transactionID: id, productID: stored.transaction.productID)))
        announce(.event(account: account, .stateChanged))
    }

    /// Resolves an interrupted purchase (it completes) or a billing issue (the subscription
    /// recovers: renewed now, or at its missed renewal date while still in grace).
    mutating func resolveIssue(_ id: UInt64, account: AccountName) throws(StoreError) {
        let stored = try requireTransaction(id, account: account)
        if stored.phase == .interrupted {
            guard let purchase = stored.pendingPurchase else {
                throw StoreError.backend("interrupted transaction \(id) keeps no purchase to complete")
            }
            _ = try complete(purchase, account: account, announce: true, reusing: id)
            return
        }
        guard let chain = chainOf(stored.transaction, account: account), chain.isInBillingRetry else {
            throw StoreError.invalidAction(
                "transaction \(id) has no issue to resolve: it is neither an interrupted purchase nor in billing retry"
            )
        }
        let inGrace = chain.gracePeriodExpirationDate.map { $0 > now } ?? false
        try renew(chain, at: inGrace ? chain.expirationDate : now, subtype: .billingRecovery)
    }

    /// Refunds at once, as Xcode does: the transaction is revoked and leaves the entitlements.
    mutating func refund(
        _ id: UInt64, reason: Transaction.RevocationReason, percentage: Int = RefundRequest.fullRefund,
        account: AccountName
    ) throws(StoreError) {
        let stored = try refundable(id, account: account)
        try Self.checkRefundPercentage(percentage)
        // A refund request still open is answered by this refund: it cannot be declined later.
        if var request = refundRequest(id, account: account), request.status == .open {
            request.status = .granted
            try put(request, account: account)
        }
        stopRenewingAfterRefundRequest(stored.transaction, account: account)
        try revoke(stored, reason: reason, percentage: percentage)
    }

    /// The App Store turns auto-renew off once the customer asks for a refund, and says so
    /// (DID_CHANGE_RENEWAL_STATUS / AUTO_RENEW_DISABLED).
    mutating func stopRenewingAfterRefundRequest(_ transaction: Transaction, account: AccountName) {
        guard var chain = chainOf(transaction, account: account), chain.latestTransactionID == transaction.id,
            chain.autoRenewEnabled, !chain.isExpired
        else { return }
        chain.autoRenewEnabled = false
        chain.autoRenewProductID = chain.currentProductID
        put(chain)
        notify(.didChangeRenewalStatus, .autoRenewDisabled, account: account, transaction: transaction)
    }

    /// Refunds a transaction: revoked now with a reason and share (REFUND), its subscription
    /// stops renewing, and family copies are revoked.
    mutating func revoke(_ stored: StoredTransaction, reason: Transaction.RevocationReason, percentage: Int)
        throws(StoreError)
    {
        var stored = stored
        let account = stored.account
        stored.transaction.revocationDate = now
        stored.transaction.revocationReason = reason
        stored.transaction.revocationType =
            percentage < RefundRequest.fullRefund ? .refundProrated : .refundFull
        stored.transaction.revocationPercentage = percentage
        try update(stored)
        if var chain = chainOf(stored.transaction, account: account), chain.latestTransactionID == stored.id {
            chain.autoRenewEnabled = false
            chain.billingRetryStart = nil
            chain.gracePeriodExpirationDate = nil
            put(chain)
        }
        notify(.refund, account: account, transaction: stored.transaction)
        try mirrorToFamily(stored.transaction)
    }

    /// Xcode's "Expire subscription": the period ends now, as if auto-renew had been off.
    mutating func expireSubscription(productID: String, account: AccountName) throws(StoreError) {
        let chain = try activeChain(for: productID, account: account)
        if var latest = transaction(chain.latestTransactionID),
            (latest.transaction.expirationDate ?? now) > now
        {
            latest.transaction.expirationDate = now
            try update(latest)
            try mirrorToFamily(latest.transaction)
        }
        var ended = chain
        ended.expirationDate = now
        try expire(ended, at: now, reason: .autoRenewDisabled, subtype: .voluntary)
    }

    /// Xcode's "Force renewal": bills the next period now.
    mutating func forceRenewal(productID: String, account: AccountName) throws(StoreError) {
        let chain = try activeChain(for: productID, account: account)
        try renew(chain, at: now)
    }

    mutating func setAutoRenew(_ enabled: Bool, transactionID: UInt64, account: AccountName)
        throws(StoreError)
    {
        let stored = try requireTransaction(transactionID, account: account)
        // A refunded (revoked) subscription is over, as an expired one is: it cannot renew.
        guard var chain = chainOf(stored.transaction, account: account), !chain.isExpired, !isRevoked(chain)
        else {
            throw StoreError.invalidAction(
                "transaction \(transactionID) is not an active auto-renewable subscription; buy it again instead"
            )
        }
        guard chain.autoRenewEnabled != enabled else { return }
        chain.autoRenewEnabled = enabled
        if !enabled { chain.autoRenewProductID = chain.currentProductID }
        put(chain)
        notify(
            .didChangeRenewalStatus, enabled ? .autoRenewEnabled : .autoRenewDisabled, account: account,
            transaction: transaction(chain.latestTransactionID)?.transaction)
        announce(.event(account: account, .stateChanged))
    }

    /// Asks for consent to a 20% price increase at the next renewal (see docs/behaviour.md).
    mutating func requestPriceIncreaseConsent(transactionID: UInt64, account: AccountName) throws(StoreError)
    {
        let stored = try requireTransaction(transactionID, account: account)
        guard var chain = chainOf(stored.transaction, account: account), !chain.isExpired else {
            throw StoreError.invalidAction(
                "transaction \(transactionID) is not an active auto-renewable subscription")
        }
        let product = try product(chain.autoRenewProductID, for: account)
        let current = regularPrice(product, plan: chain.billingPlanType, override: chain.renewalPriceOverride)
        chain.priceIncrease = .pending(newPrice: Self.increased(current))
        chain.pendingMessage = .priceIncreaseConsent(productID: chain.currentProductID)
        put(chain)
        notify(
            .priceIncrease, .pending, account: account,
            transaction: transaction(chain.latestTransactionID)?.transaction)
        announce(.event(account: account, .message(.priceIncreaseConsent(productID: chain.currentProductID))))
        announce(.event(account: account, .stateChanged))
    }

    mutating func respondToPriceIncrease(transactionID: UInt64, accept: Bool, account: AccountName)
        throws(StoreError)
    {
        let stored = try requireTransaction(transactionID, account: account)
        guard var chain = chainOf(stored.transaction, account: account),
            case .pending(let price) = chain.priceIncrease
        else {
            throw StoreError.invalidAction(
                "no price increase waits for consent on transaction \(transactionID)")
        }
        chain.priceIncrease = accept ? .agreed(newPrice: price) : .declined(newPrice: price)
        if case .priceIncreaseConsent = chain.pendingMessage { chain.pendingMessage = nil }
        put(chain)
        if accept {
            notify(
                .priceIncrease, .accepted, account: account,
                transaction: transaction(chain.latestTransactionID)?.transaction)
        }
        announce(.event(account: account, .stateChanged))
    }

    /// Deletes a transaction, as the Transaction Manager does; deleting a subscription's latest
    /// transaction deletes the subscription, so the account is new to the group again.
    mutating func deleteTransaction(_ id: UInt64, account: AccountName) throws(StoreError) {
        var stored = try requireTransaction(id, account: account)
        if let chain = chainOf(stored.transaction, account: account), chain.latestTransactionID == id {
            for var member in transactions(of: account)
            where member.transaction.originalID == chain.originalTransactionID && !member.isDeleted {
                member.isDeleted = true
                putUnsigned(member)
            }
            removeChain(chain.key)
        }
        stored.isDeleted = true
        putUnsigned(stored)
        announce(.event(account: account, .stateChanged))
    }

    mutating func clearTransactions(account: AccountName) throws(StoreError) {
        for var stored in transactions(of: account) where !stored.isDeleted {
            stored.isDeleted = true
            putUnsigned(stored)
        }
        for key in chainKeys(of: account) { removeChain(key) }
        announce(.event(account: account, .stateChanged))
    }

    mutating func finish(_ id: UInt64, account: AccountName) throws(StoreError) {
        var stored = try requireTransaction(id, account: account)
        guard stored.isVisible else {
            throw StoreError.invalidAction("transaction \(id) is not complete yet")
        }
        guard !stored.isFinished else { return }
        stored.isFinished = true
        putUnsigned(stored)
        // The Transaction Manager shows "Finished": a paywall watching an app's store re-reads it.
        announce(.event(account: account, .stateChanged))
    }

    // MARK: Helpers

    func chainOf(_ transaction: Transaction, account: AccountName) -> SubscriptionChain? {
        guard transaction.productType == .autoRenewable, let group = transaction.subscriptionGroupID,
            let chain = chain(SubscriptionChain.Key(account: account, groupID: group)),
            chain.originalTransactionID == transaction.originalID
        else { return nil }
        return chain
    }

    func activeChain(for productID: String, account: AccountName) throws(StoreError) -> SubscriptionChain {
        let product = try product(productID, for: account)
        guard let group = product.subscription?.groupID,
            let chain = chain(SubscriptionChain.Key(account: account, groupID: group)), !chain.isExpired,
            !isRevoked(chain)
        else {
            throw StoreError.invalidAction(
                "'\(productID)' has no active subscription for account '\(account)'")
        }
        return chain
    }

    private func requirePending(
        _ id: UInt64, account: AccountName, phase: StoredTransaction.Phase, action: String
    )
        throws(StoreError) -> (stored: StoredTransaction, purchase: PendingPurchase)
    {
        let stored = try requireTransaction(id, account: account)
        guard stored.phase == phase, let purchase = stored.pendingPurchase else {
            throw StoreError.invalidAction(
                "cannot \(action) transaction \(id): it is not waiting for Ask to Buy approval")
        }
        return (stored, purchase)
    }

    /// A price 20% higher, ending in .99 like App Store price points.
    static func increased(_ price: Decimal) -> Decimal {
        let cent = Decimal(sign: .plus, exponent: -2, significand: 1)
        var raised = price * Decimal(sign: .plus, exponent: -1, significand: 12)
        var whole = Decimal()
        NSDecimalRound(&whole, &raised, 0, .up)
        return max(whole - cent, price + cent)
    }
}

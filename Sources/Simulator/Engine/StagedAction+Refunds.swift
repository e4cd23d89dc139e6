import Foundation
import Signing
import StoreCore

/// The App Store's refund lifecycle beyond Xcode's instant refund: a customer's request that
/// stays open (CONSUMPTION_REQUEST), then a grant (REFUND), a decline (REFUND_DECLINED), or
/// a reversal of a granted refund (REFUND_REVERSED).
extension StagedAction {
    /// The transaction, if it may be refunded: completed, not refunded, bought (not shared).
    func refundable(_ id: UInt64, account: AccountName) throws(StoreError) -> StoredTransaction {
        let stored = try requireTransaction(id, account: account)
        guard stored.isVisible else {
            throw StoreError.invalidAction("transaction \(id) was never completed")
        }
        guard !stored.transaction.isRevoked else {
            throw StoreError.invalidAction("transaction \(id) is already refunded")
        }
        guard stored.transaction.ownershipType == .purchased else {
            throw StoreError.invalidAction(
                "transaction \(id) is shared by Family Sharing; refund the purchaser's")
        }
        return stored
    }

    static func checkRefundPercentage(_ percentage: Int) throws(StoreError) {
        guard (1...RefundRequest.fullRefund).contains(percentage) else {
            throw StoreError.invalidArgument(
                "a refund share is in milliunits from 1 to 100000 (a full refund), got \(percentage)")
        }
    }

    /// The latest refund request on a transaction.
    func refundRequest(_ id: UInt64, account: AccountName) -> RefundRequest? {
        self.account(account)?.refundRequests?.last { $0.transactionID == id }
    }

    mutating func put(_ request: RefundRequest, account: AccountName) throws(StoreError) {
        var record = try requireAccount(account)
        var requests = record.refundRequests ?? []
        if let index = requests.lastIndex(where: {
            $0.transactionID == request.transactionID && $0.requestedAt == request.requestedAt
        }) {
            requests[index] = request
        } else {
            requests.append(request)
        }
        record.refundRequests = requests
        put(record)
    }

    /// The customer asks for a refund: auto-renew stops, the developer is asked for
    /// consumption information, and the request waits for the App Store's decision.
    mutating func openRefundRequest(_ id: UInt64, reason: ConsumptionRequestReason, account: AccountName)
        throws(StoreError)
    {
        let stored = try refundable(id, account: account)
        if refundRequest(id, account: account)?.status == .open {
            throw StoreError.invalidAction("transaction \(id) already has an open refund request")
        }
        try put(RefundRequest(transactionID: id, reason: reason, requestedAt: now), account: account)
        stopRenewingAfterRefundRequest(stored.transaction, account: account)
        if Self.asksForConsumption(stored.transaction.productType) {
            notify(.consumptionRequest, account: account, transaction: stored.transaction)
        }
        announce(.event(account: account, .stateChanged))
    }

    /// Whether the App Store asks the developer for consumption information (CONSUMPTION_REQUEST)
    /// when a customer asks for a refund of this kind of product: Apple's notificationType and
    /// consumptionRequestReason pages name consumables and auto-renewable subscriptions only
    /// (the ConsumptionRequest page accepts information for every type, which Kiosk keeps:
    /// `recordConsumption`). See docs/behaviour.md.
    static func asksForConsumption(_ type: ProductType) -> Bool {
        type == .consumable || type == .autoRenewable
    }

    /// The App Store grants the open request: REFUND, with the refunded share.
    mutating func grantRefundRequest(_ id: UInt64, percentage: Int, account: AccountName) throws(StoreError) {
        var request = try openRequest(id, account: account)
        try Self.checkRefundPercentage(percentage)
        let stored = try refundable(id, account: account)
        request.status = .granted
        try put(request, account: account)
        try revoke(stored, reason: request.reason.revocationReason, percentage: percentage)
    }

    /// The App Store declines the open request: REFUND_DECLINED; access is unchanged.
    mutating func declineRefundRequest(_ id: UInt64, account: AccountName) throws(StoreError) {
        var request = try openRequest(id, account: account)
        request.status = .declined
        try put(request, account: account)
        notify(.refundDeclined, account: account, transaction: transaction(id)?.transaction)
        announce(.event(account: account, .stateChanged))
    }

    /// The App Store reverses a granted refund after a dispute: the revocation is withdrawn,
    /// so the transaction (and its family copies) grant access again (REFUND_REVERSED).
    mutating func reverseRefund(_ id: UInt64, account: AccountName) throws(StoreError) {
        var stored = try requireTransaction(id, account: account)
        guard stored.transaction.isRevoked, stored.transaction.revocationType != .familyRevoke else {
            throw StoreError.invalidAction("transaction \(id) has no refund to reverse")
        }
        stored.transaction.revocationDate = nil
        stored.transaction.revocationReason = nil
        stored.transaction.revocationType = nil
        stored.transaction.revocationPercentage = nil
        try update(stored)
        if var request = refundRequest(id, account: account), request.status == .granted {
            request.status = .reversed
            try put(request, account: account)
        }
        // A subscription's period that ran out while it was refunded (auto-renew off since the
        // refund) has expired by now: said before the reversal, which then reports status 2,
        // rather than left overdue for the next action to date in the past.
        if let chain = chainOf(stored.transaction, account: account), chain.latestTransactionID == id,
            !chain.isExpired, !chain.autoRenewEnabled, chain.expirationDate <= now
        {
            try expire(chain, at: now, reason: .autoRenewDisabled, subtype: .voluntary)
        }
        notify(.refundReversed, account: account, transaction: stored.transaction)
        try mirrorToFamily(stored.transaction)
    }

    /// The consumption information a developer sent for the open request, kept on it.
    mutating func recordConsumption(_ consumption: RefundRequest.Consumption, transactionID id: UInt64)
        throws(StoreError)
    {
        guard let account = transaction(id)?.account, var request = refundRequest(id, account: account),
            request.status == .open
        else { return }
        request.consumption = consumption
        try put(request, account: account)
        announce(.event(account: account, .stateChanged))
    }

    private func openRequest(_ id: UInt64, account: AccountName) throws(StoreError) -> RefundRequest {
        _ = try requireTransaction(id, account: account)
        guard let request = refundRequest(id, account: account), request.status == .open else {
            throw StoreError.invalidAction(
                "transaction \(id) has no open refund request: open one first (refund-request)")
        }
        return request
    }
}

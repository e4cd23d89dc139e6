import Foundation
import Signing
import StoreCore

/// What the App Store Server API reads and changes across accounts: a developer's backend
/// knows transactions, not accounts. Simulated device errors do not apply here.
extension SimulatedStore {
    /// A completed transaction and its JWS, whoever owns it.
    public func serverTransaction(_ id: UInt64) throws(StoreError) -> ServerTransaction? {
        try catchUp()
        let answer = try reader.serverTransaction(id: id)
        latestReads.remember(
            answer, id: id, identity: state.meta.identity, clock: state.meta.clock, dueAt: state.earliestDue()
        )
        return answer
    }

    /// The answer `serverTransaction(_:)` gave for `id` and the store's identity then, if it
    /// still holds; nil when the store must be asked (from any thread, without a turn of the
    /// store: a backend's Get Transaction Info is answered beside purchases).
    /// The store's identity as a remembered answer was given for it, if one is (nil: ask the
    /// store), from any thread.
    public nonisolated var rememberedIdentity: AppIdentity? { latestReads.identity }

    public nonisolated func rememberedServerTransaction(_ id: UInt64) -> (
        answer: ServerTransaction?, identity: AppIdentity
    )? {
        latestReads.serverTransaction(id: id, wall: wallClock(), latestSigningDate: signer.latestSigningDate)
    }

    /// The whole transaction history of `account`, oldest first (finished consumables only
    /// when the store includes them), read into the cache: for callers that need all of it
    /// at once. Get Transaction History and Get Refund History page it instead
    /// (`serverTransactionPage`).
    public func serverTransactions(ofAccount account: AccountName) throws(StoreError) -> [ServerTransaction] {
        try catchUp()
        return try reader.serverTransactions(of: account)
    }

    /// Keeps the consumption information a developer sent (Send Consumption Information) on
    /// the transaction's open refund request; without one there is nothing to keep.
    public func recordConsumption(_ consumption: RefundRequest.Consumption, transactionID: UInt64)
        throws(StoreError)
    {
        try runAction { action throws(StoreError) in
            try action.recordConsumption(consumption, transactionID: transactionID)
        }
    }

    /// The account whose app transaction has this ID.
    public func account(withAppTransactionID id: String) -> AccountName? {
        state.accountName(withAppTransactionID: id)
    }

    /// The status of each subscription the account holds (its own and those shared with it
    /// through Family Sharing), by group.
    public func serverStatuses(ofAccount account: AccountName) throws(StoreError)
        -> [ServerSubscriptionStatus]
    {
        try catchUp()
        return try reader.serverStatuses(of: account)
    }

    /// Extends one subscription's renewal date by `days` (App Store Server API).
    /// - Returns: the extended transaction.
    public func extendRenewalDate(originalTransactionID: UInt64, days: Int) throws(StoreError) -> Transaction
    {
        guard let owner = state.transaction(originalTransactionID)?.account else {
            throw StoreError.transactionNotFound(originalTransactionID)
        }
        return try runAction { action throws(StoreError) in
            try action.extendRenewalDate(
                originalTransactionID: originalTransactionID, account: owner, days: days)
        }
    }

    /// Extends every active subscription to `productID` by `days`, once per request identifier.
    public func extendRenewalDates(
        productID: String, days: Int, storefronts: [String], requestIdentifier: String
    ) throws(StoreError) -> MassExtension {
        if let done = try massExtension(productID: productID, requestIdentifier: requestIdentifier) {
            return done
        }
        try runAction { action throws(StoreError) in
            _ = try action.extendRenewalDates(
                productID: productID, days: days, storefronts: Set(storefronts),
                requestIdentifier: requestIdentifier)
        }
        guard let done = try massExtension(productID: productID, requestIdentifier: requestIdentifier) else {
            throw StoreError.backend("the mass extension \(requestIdentifier) was not recorded")
        }
        return done
    }

    /// A mass extension made earlier, if any.
    public func massExtension(productID: String, requestIdentifier: String) throws(StoreError)
        -> MassExtension?
    {
        try outbox.massExtension(productID: productID, requestIdentifier: requestIdentifier)
    }

    /// Sets the app account token of a subscription (and of its transactions from now on).
    public func setAppAccountToken(_ token: UUID, originalTransactionID: UInt64) throws(StoreError) {
        guard let stored = state.transaction(originalTransactionID), stored.isVisible else {
            throw StoreError.transactionNotFound(originalTransactionID)
        }
        try runAction { action throws(StoreError) in
            try action.setAppAccountToken(
                token, originalTransactionID: originalTransactionID, account: stored.account)
        }
    }

    /// Records a TEST notification (App Store Server API `Request a Test Notification`).
    public func requestTestNotification() throws(StoreError) -> OutboxNotification {
        let sequence = try runAction { action in
            action.notify(.test, account: "")
            return action.meta.nextNotificationSequence
        }
        guard let recorded = try notifications(after: sequence - 1, limit: 1).first else {
            throw StoreError.backend("the test notification was not recorded")
        }
        return recorded
    }
}

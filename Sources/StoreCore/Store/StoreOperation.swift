import Foundation

/// Every change a tester makes to the store, as one value: what Xcode's Transaction Manager
/// and `SKTestSession` can do. The paywall's Transaction Manager sends these, `kiosk store`
/// parses its words into them, the wire carries them (`StoreOperation+Wire`), and each backend
/// carries them out in one `StoreControl.perform(_:)`. Adding an operation is a case here, its
/// route, a case in `SimulatedStore.perform` and its words in the CLI (docs/architecture.md).
public enum StoreOperation: Sendable, Hashable {
    /// Adds a sandbox account (or updates its storefront and family).
    case addAccount(StoreAccount)
    case approveAskToBuy(transactionID: UInt64)
    case declineAskToBuy(transactionID: UInt64)
    /// Refunds at once, as Xcode does, with the refund sheet's reason and the refunded share in
    /// milliunits (`RefundRequest.fullRefund` is all of it).
    case refund(transactionID: UInt64, reason: Transaction.RevocationReason, percentage: Int)
    /// A customer's refund request that stays open until granted or declined.
    case openRefundRequest(transactionID: UInt64, reason: ConsumptionRequestReason)
    case grantRefundRequest(transactionID: UInt64, percentage: Int)
    case declineRefundRequest(transactionID: UInt64)
    /// Gives back what a granted refund took.
    case reverseRefund(transactionID: UInt64)
    case expireSubscription(productID: String)
    case forceRenewal(productID: String)
    case setAutoRenew(Bool, transactionID: UInt64)
    case requestPriceIncreaseConsent(transactionID: UInt64)
    case respondToPriceIncrease(transactionID: UInt64, accept: Bool)
    /// Resolves an interrupted purchase or a billing issue.
    case resolveIssue(transactionID: UInt64)
    case deleteTransaction(transactionID: UInt64)
    /// Deletes every transaction of the account.
    case clearTransactions
    /// Settings, errors and clock back to the catalog's defaults, every account's history cleared.
    case resetToDefaultState
    /// A purchase made outside the app (Xcode's "+", `SKTestSession.buyProduct`): it reaches the
    /// app through `updates`.
    case buyOffDevice(productID: String, options: [PurchaseOption])
    /// Moves the clock forward, running every renewal, retry and expiry on the way.
    case advanceClock(seconds: TimeInterval)
    /// Moves the clock to the next `count` renewals of the account's subscription in a group.
    case advanceClockPeriods(count: Int, groupID: String)
    case apply(StoreSetting)
    /// Makes an API fail with the failure, or succeed again when nil.
    case setSimulatedError(SimulatedFailure?, api: FailableAPI)
}

/// What an operation answers.
public enum StoreOperationResult: Sendable, Hashable {
    case done
    /// The store's clock after the operation (clock advances).
    case clock(Date)
    /// The transaction the operation made (off-device purchases).
    case transaction(Transaction)

    /// The clock, or an error naming the operation that should have answered one.
    public func clock(of operation: StoreOperation) throws(StoreError) -> Date {
        guard case .clock(let date) = self else {
            throw StoreError.backend("\(operation) answered \(self), not the clock")
        }
        return date
    }

    /// The transaction, or an error naming the operation that should have answered one.
    public func transaction(of operation: StoreOperation) throws(StoreError) -> Transaction {
        guard case .transaction(let transaction) = self else {
            throw StoreError.backend("\(operation) answered \(self), not a transaction")
        }
        return transaction
    }
}

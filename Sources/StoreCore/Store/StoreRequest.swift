import Foundation

/// Every change an app makes through StoreKit, as one value: the app's side of the store's
/// vocabulary (`StoreOperation` is the tester's). `Store.perform(_:)` carries it out on every
/// backend, the wire carries it on one table (`StoreRequest+Wire`), and `Store`'s named calls
/// (`purchase`, `finish`, ...) are its spelling for Swift callers.
public enum StoreRequest: Sendable, Hashable {
    /// Buys a product, as `Product.purchase(options:)`, the payment sheet answered: confirmed, or
    /// cancelled as if the customer closed it.
    case purchase(productID: String, options: [PurchaseOption], confirmed: Bool)
    /// Marks a transaction delivered, as `Transaction.finish()`.
    case finish(transactionID: UInt64)
    /// Restores purchases, as `AppStore.sync()`.
    case sync
    /// Redeems an offer code, as the offer-code redemption sheet does.
    case redeemOfferCode(String)
    /// Asks for a refund, as `Transaction.beginRefundRequest`.
    case requestRefund(transactionID: UInt64, reason: Transaction.RevocationReason)
    /// Opens the manage-subscriptions sheet (it can only fail, when that failure is simulated).
    case showManageSubscriptions
    /// Opens a subscription's cancel sheet, as a customer viewing its details who may cancel:
    /// the App Store asks the developer's Get Retention Message endpoint what to show
    /// (docs/retention.md). Changes nothing but the journal.
    case retentionMessage(productID: String)
}

/// What a request answers.
public enum StoreRequestResult: Sendable, Hashable {
    case done
    /// A purchase's or a redeemed code's result.
    case purchase(PurchaseResult)
    case refundRequest(RefundRequestStatus)
    /// The cancel sheet's message (`retentionMessage`).
    case retention(RetentionSheet)

    /// The purchase result, or an error naming the request that should have answered one.
    public func purchase(of request: StoreRequest) throws(StoreError) -> PurchaseResult {
        guard case .purchase(let result) = self else {
            throw StoreError.backend("\(request) answered \(self), not a purchase result")
        }
        return result
    }

    /// The cancel sheet, or an error naming the request that should have answered one.
    public func retentionSheet(of request: StoreRequest) throws(StoreError) -> RetentionSheet {
        guard case .retention(let sheet) = self else {
            throw StoreError.backend("\(request) answered \(self), not a cancel sheet")
        }
        return sheet
    }

    /// The refund request's status, or an error naming the request that should have answered one.
    public func refundStatus(of request: StoreRequest) throws(StoreError) -> RefundRequestStatus {
        guard case .refundRequest(let status) = self else {
            throw StoreError.backend("\(request) answered \(self), not a refund request status")
        }
        return status
    }
}

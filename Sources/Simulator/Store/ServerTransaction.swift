import Foundation
import StoreCore

/// A transaction as the App Store Server API hands it out: whose it is, and its JWS.
public struct ServerTransaction: Sendable {
    public var account: AccountName
    public var transaction: Transaction
    public var jws: String
}

/// One subscription's status as `Get All Subscription Statuses` lists it.
public struct ServerSubscriptionStatus: Sendable {
    public var groupID: String
    public var state: SubscriptionStatus.RenewalState
    public var originalTransactionID: UInt64
    public var signedTransactionInfo: String
    public var signedRenewalInfo: String
}

/// One page of an account's history as the App Store Server API hands it out.
public struct ServerTransactionPage: Sendable {
    /// The page's transactions, in the order asked for.
    public var items: [ServerTransaction]
    /// Whether more transactions the filter accepts follow the last item.
    public var hasMore: Bool
}

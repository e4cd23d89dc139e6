import Foundation

/// A StoreKit message the App Store shows over an app, as StoreKit 2's `Message.Reason`.
public enum StoreMessage: Sendable, Hashable {
    case priceIncreaseConsent(productID: String)
    case billingIssue(productID: String)
    case winBackOffer(productID: String, offerID: String)
}

/// What a store tells the people watching it (the Transaction Manager, the paywall's banners)
/// beyond the transactions StoreKit's `updates` carries.
public enum StoreEvent: Sendable, Hashable {
    /// A transaction was created or changed (the same value `updates` delivers).
    case transaction(VerificationResult<Transaction>)
    /// A message the app would be shown.
    case message(StoreMessage)
    /// An Ask to Buy request was declined. Apple sends the app nothing for this; the
    /// Transaction Manager and the paywall's banner still learn of it.
    case askToBuyDeclined(transactionID: UInt64, productID: String)
    /// The store's clock moved (advance or time rate).
    case clockChanged(Date)
    /// Settings, accounts or the catalog changed: re-read what is shown.
    case stateChanged
}

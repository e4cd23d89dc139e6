import Foundation

/// Where a transaction stands, as StoreKit's `enum SKPaymentTransactionState`
/// (developer.apple.com/documentation/storekit/skpaymenttransactionstate), the type of
/// `SKTestTransaction.state`. Apple declares it in StoreKit's original API, which Kiosk does not
/// offer; it lives here, where the only Kiosk API that answers it does (`import StoreKitTest`
/// brings it, as on Apple platforms).
public enum SKPaymentTransactionState: Int, Sendable, Hashable {
    /// Being processed by the App Store.
    case purchasing = 0
    /// Processed successfully.
    case purchased = 1
    /// Failed (a declined Ask to Buy, an interrupted purchase).
    case failed = 2
    /// Restores content previously purchased.
    case restored = 3
    /// In the queue, its final state waiting for an external action (Ask to Buy).
    case deferred = 4
}

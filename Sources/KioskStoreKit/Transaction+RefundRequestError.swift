import Foundation

extension Transaction {
    /// The errors of a refund request, as StoreKit's `Transaction.RefundRequestError`
    /// (developer.apple.com/documentation/storekit/transaction/refundrequesterror): what
    /// `beginRefundRequest` throws, and what StoreKitTest's `SKTestFailures.RefundRequest`
    /// simulates.
    public enum RefundRequestError: Error, LocalizedError, Hashable, Sendable {
        /// The App Store already received a refund request for this purchase (pending, denied or
        /// approved).
        case duplicateRequest
        /// The refund request submission failed.
        case failed

        public var errorDescription: String? {
            switch self {
            case .duplicateRequest: "The App Store has already received a refund request for this purchase."
            case .failed: "The refund request submission failed."
            }
        }
    }
}

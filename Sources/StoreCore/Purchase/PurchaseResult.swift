/// The outcome of a purchase, as StoreKit 2's `Product.PurchaseResult`.
public enum PurchaseResult: Sendable, Hashable {
    /// The purchase went through; the app must check the verification and finish the transaction.
    case success(VerificationResult<Transaction>)
    /// The customer cancelled the payment sheet.
    case userCancelled
    /// The purchase waits for approval (Ask to Buy) or for an interrupted purchase to be
    /// resolved; the transaction will arrive later on `updates`. StoreKit's `.pending` carries
    /// nothing; Kiosk's carries the ID of the transaction this purchase left waiting, so the
    /// caller approves or declines its own purchase, not whichever is newest (issue 22).
    case pending(transactionID: UInt64)
}

/// The outcome of a refund request sheet, as StoreKit 2's `Transaction.RefundRequestStatus`.
public enum RefundRequestStatus: String, Sendable, Hashable, Codable {
    case success
    case userCancelled
}

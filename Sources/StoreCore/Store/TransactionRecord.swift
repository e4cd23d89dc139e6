/// A transaction as the Transaction Manager shows it: the signed transaction plus the state
/// only the store knows (pending approval, purchase issue, finished, ...), as `SKTestTransaction`.
public struct TransactionRecord: Sendable, Hashable, Identifiable {
    /// The state shown beside a transaction in the Transaction Manager.
    public enum State: String, Sendable, Hashable, Codable, CaseIterable {
        case purchased
        case pendingApproval
        case declined
        case interrupted
        case refunded
        case expired
        case billingRetry
        case gracePeriod
        case upgraded
    }

    public var transaction: VerificationResult<Transaction>
    public var state: State
    /// Whether the app called `finish` on it.
    public var isFinished: Bool
    /// For auto-renewable subscriptions: the latest renewal info of its chain.
    public var renewalInfo: RenewalInfo?
    /// Whether a price increase waits for the customer's consent.
    public var isPendingPriceIncreaseConsent: Bool
    /// The customer's refund request on this transaction, open or decided.
    public var refundRequest: RefundRequest?

    public var id: UInt64 { transaction.unsafePayloadValue.id }

    public init(
        transaction: VerificationResult<Transaction>, state: State, isFinished: Bool,
        renewalInfo: RenewalInfo? = nil, isPendingPriceIncreaseConsent: Bool = false,
        refundRequest: RefundRequest? = nil
    ) {
        self.transaction = transaction
        self.state = state
        self.isFinished = isFinished
        self.renewalInfo = renewalInfo
        self.isPendingPriceIncreaseConsent = isPendingPriceIncreaseConsent
        self.refundRequest = refundRequest
    }
}

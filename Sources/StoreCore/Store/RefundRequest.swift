import Foundation

/// Why a customer asked for a refund, as Apple's `consumptionRequestReason` (raw values are
/// Apple's strings).
public enum ConsumptionRequestReason: String, Sendable, Hashable, Codable, CaseIterable {
    case unintendedPurchase = "UNINTENDED_PURCHASE"
    case fulfillmentIssue = "FULFILLMENT_ISSUE"
    case unsatisfiedWithPurchase = "UNSATISFIED_WITH_PURCHASE"
    case legal = "LEGAL"
    case other = "OTHER"

    /// The revocation reason a granted request carries: an issue in the app for a fulfillment
    /// issue, another reason otherwise.
    public var revocationReason: Transaction.RevocationReason {
        self == .fulfillmentIssue ? .developerIssue : .other
    }
}

/// A refund request the App Store has not decided yet, or has decided: the customer's reason,
/// and the consumption information the developer sent for it (App Store Server API).
public struct RefundRequest: Sendable, Hashable, Codable {
    public enum Status: String, Sendable, Hashable, Codable, CaseIterable {
        /// Waiting for the App Store's decision (CONSUMPTION_REQUEST was sent).
        case open
        /// Granted: REFUND.
        case granted
        /// Declined: REFUND_DECLINED.
        case declined
        /// Granted, then reversed after a dispute: REFUND_REVERSED.
        case reversed
    }

    /// What the developer told the App Store (`Send Consumption Information`).
    public struct Consumption: Sendable, Hashable, Codable {
        public var customerConsented: Bool
        public var deliveryStatus: String?
        /// Milliunits of the purchase consumed (100000 is all of it).
        public var consumptionPercentage: Int?
        /// `DECLINE`, `GRANT_FULL` or `GRANT_PRORATED`.
        public var refundPreference: String?
        public var sampleContentProvided: Bool?

        public init(
            customerConsented: Bool, deliveryStatus: String? = nil, consumptionPercentage: Int? = nil,
            refundPreference: String? = nil, sampleContentProvided: Bool? = nil
        ) {
            self.customerConsented = customerConsented
            self.deliveryStatus = deliveryStatus
            self.consumptionPercentage = consumptionPercentage
            self.refundPreference = refundPreference
            self.sampleContentProvided = sampleContentProvided
        }
    }

    public var transactionID: UInt64
    public var reason: ConsumptionRequestReason
    public var requestedAt: Date
    public var status: Status
    public var consumption: Consumption?

    public init(
        transactionID: UInt64, reason: ConsumptionRequestReason, requestedAt: Date, status: Status = .open,
        consumption: Consumption? = nil
    ) {
        self.transactionID = transactionID
        self.reason = reason
        self.requestedAt = requestedAt
        self.status = status
        self.consumption = consumption
    }

    /// A full refund, in Apple's `revocationPercentage` milliunits.
    public static let fullRefund = 100_000
}

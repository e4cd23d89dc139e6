import Foundation

/// The status of one subscription in a group, as StoreKit 2's `Product.SubscriptionInfo.Status`.
public struct SubscriptionStatus: Sendable, Hashable {
    /// The renewal state. Raw values are Apple's `status` integers in the App Store Server API.
    public enum RenewalState: Int, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
        case subscribed = 1
        case expired = 2
        case inBillingRetryPeriod = 3
        case inGracePeriod = 4
        case revoked = 5

        /// Whether the customer keeps access in this state.
        public var grantsAccess: Bool { self == .subscribed || self == .inGracePeriod }

        public var description: String {
            switch self {
            case .subscribed: "subscribed"
            case .expired: "expired"
            case .inBillingRetryPeriod: "billing retry"
            case .inGracePeriod: "grace period"
            case .revoked: "revoked"
            }
        }
    }

    public var state: RenewalState
    /// The latest transaction of the subscription.
    public var transaction: VerificationResult<Transaction>
    public var renewalInfo: VerificationResult<RenewalInfo>

    public init(
        state: RenewalState, transaction: VerificationResult<Transaction>,
        renewalInfo: VerificationResult<RenewalInfo>
    ) {
        self.state = state
        self.transaction = transaction
        self.renewalInfo = renewalInfo
    }
}

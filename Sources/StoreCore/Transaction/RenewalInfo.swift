import Foundation

/// The renewal state of an auto-renewable subscription, as StoreKit 2's
/// `Product.SubscriptionInfo.RenewalInfo` and Apple's `JWSRenewalInfoDecodedPayload`.
public struct RenewalInfo: Sendable, Hashable, Codable {
    /// Why a subscription expired. Raw values are Apple's `expirationIntent` integers.
    public enum ExpirationReason: Int, Sendable, Hashable, Codable, CaseIterable {
        case autoRenewDisabled = 1
        case billingError = 2
        case didNotConsentToPriceIncrease = 3
        case productUnavailable = 4
        case unknown = 5
    }

    /// Where a price increase stands. Apple's `priceIncreaseStatus` is 0 while the customer
    /// has not responded and 1 once they consented; it is absent when no increase is pending.
    public enum PriceIncreaseStatus: String, Sendable, Hashable, Codable, CaseIterable {
        case noIncreasePending
        case pending
        case agreed
    }

    public var originalTransactionID: UInt64
    /// The product the subscription is on now.
    public var currentProductID: String
    /// The product it will renew to (differs after a downgrade or crossgrade).
    public var autoRenewPreference: String?
    public var willAutoRenew: Bool
    public var expirationReason: ExpirationReason?
    public var isInBillingRetry: Bool
    public var priceIncreaseStatus: PriceIncreaseStatus
    /// When the billing grace period ends, while the subscription is in one.
    public var gracePeriodExpirationDate: Date?
    /// The offer that will apply at the next renewal.
    public var offer: Transaction.Offer?
    public var signedDate: Date
    public var environment: AppStoreEnvironment
    /// The start of the most recent run of uninterrupted subscription.
    public var recentSubscriptionStartDate: Date?
    /// When the subscription renews (or would have).
    public var renewalDate: Date?
    public var renewalPrice: Decimal?
    public var currencyCode: String?
    public var eligibleWinBackOfferIDs: [String]
    public var appAccountToken: UUID?
    public var appTransactionID: String
    public var renewalBillingPlanType: BillingPlan.PlanType?
    /// For a monthly-billed plan: what happens when its commitment ends (Apple's
    /// `RenewalCommitmentInfo`).
    public var commitment: Commitment?

    public init(
        originalTransactionID: UInt64, currentProductID: String, autoRenewPreference: String?,
        willAutoRenew: Bool, expirationReason: ExpirationReason? = nil, isInBillingRetry: Bool = false,
        priceIncreaseStatus: PriceIncreaseStatus = .noIncreasePending, gracePeriodExpirationDate: Date? = nil,
        offer: Transaction.Offer? = nil, signedDate: Date, environment: AppStoreEnvironment,
        recentSubscriptionStartDate: Date? = nil, renewalDate: Date? = nil, renewalPrice: Decimal? = nil,
        currencyCode: String? = nil, eligibleWinBackOfferIDs: [String] = [], appAccountToken: UUID? = nil,
        appTransactionID: String, renewalBillingPlanType: BillingPlan.PlanType? = nil,
        commitment: Commitment? = nil
    ) {
        self.originalTransactionID = originalTransactionID
        self.currentProductID = currentProductID
        self.autoRenewPreference = autoRenewPreference
        self.willAutoRenew = willAutoRenew
        self.expirationReason = expirationReason
        self.isInBillingRetry = isInBillingRetry
        self.priceIncreaseStatus = priceIncreaseStatus
        self.gracePeriodExpirationDate = gracePeriodExpirationDate
        self.offer = offer
        self.signedDate = signedDate
        self.environment = environment
        self.recentSubscriptionStartDate = recentSubscriptionStartDate
        self.renewalDate = renewalDate
        self.renewalPrice = renewalPrice
        self.currencyCode = currencyCode
        self.eligibleWinBackOfferIDs = eligibleWinBackOfferIDs
        self.appAccountToken = appAccountToken
        self.appTransactionID = appTransactionID
        self.renewalBillingPlanType = renewalBillingPlanType
        self.commitment = commitment
    }
}

import SourceDiagnostics
import StoreCore

/// A subscription offer as a `.storekit` file holds it. One shape serves every kind
/// (`introductoryOffer(s)`, `adHocOffers` = promotional, `codeOffers`, `winbackOffers`); the
/// keys a kind does not use stay nil.
public struct ConfigurationOffer: Sendable, Hashable {
    public var internalID: String?
    /// Promotional and win-back offers: the identifier apps pass to StoreKit.
    public var offerID: String?
    /// Promotional, code and win-back offers; for offer codes it is the redeemable name.
    public var referenceName: String?
    public var paymentMode: SubscriptionOffer.PaymentMode
    public var subscriptionPeriod: SubscriptionPeriod
    /// Optional before 4.0; absent means one period.
    public var numberOfPeriods: Int?
    /// Price per period (or for the whole offer when paying up front); usually absent for free.
    public var displayPrice: CatalogPrice?
    /// 5.0: which billing plan the offer belongs to.
    public var billingPlanType: BillingPlan.PlanType?
    /// Offer codes: who may redeem it.
    public var eligibility: [SubscriptionOffer.CodeEligibility]?
    /// Offer codes: whether it stacks on an introductory offer.
    public var isStackable: Bool?
    /// Win-back offers: Xcode's per-offer customer eligibility toggle.
    public var isEligible: Bool?
    /// Win-back offers: `normal` or `high`.
    public var priority: String?
    /// Keys Kiosk does not know, kept so the file round-trips.
    public var unknownFields: [String: JSONValue]

    public init(
        internalID: String? = nil, offerID: String? = nil, referenceName: String? = nil,
        paymentMode: SubscriptionOffer.PaymentMode, subscriptionPeriod: SubscriptionPeriod,
        numberOfPeriods: Int? = nil,
        displayPrice: CatalogPrice? = nil, billingPlanType: BillingPlan.PlanType? = nil,
        eligibility: [SubscriptionOffer.CodeEligibility]? = nil, isStackable: Bool? = nil,
        isEligible: Bool? = nil,
        priority: String? = nil, unknownFields: [String: JSONValue] = [:]
    ) {
        self.internalID = internalID
        self.offerID = offerID
        self.referenceName = referenceName
        self.paymentMode = paymentMode
        self.subscriptionPeriod = subscriptionPeriod
        self.numberOfPeriods = numberOfPeriods
        self.displayPrice = displayPrice
        self.billingPlanType = billingPlanType
        self.eligibility = eligibility
        self.isStackable = isStackable
        self.isEligible = isEligible
        self.priority = priority
        self.unknownFields = unknownFields
    }
}

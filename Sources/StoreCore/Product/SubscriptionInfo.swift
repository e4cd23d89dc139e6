/// What a product knows about its subscription, as StoreKit's `Product.SubscriptionInfo`.
public struct SubscriptionInfo: Sendable, Hashable, Codable {
    /// The subscription group's identifier.
    public var groupID: String
    /// The group's localized display name (falls back to its reference name).
    public var groupDisplayName: String
    /// The level within the group: 1 is the highest level of service. Several products may
    /// share a level (durations of one tier).
    public var groupLevel: Int
    public var period: SubscriptionPeriod
    /// The introductory offer (for the default billing plan), if any.
    public var introductoryOffer: SubscriptionOffer?
    /// Promotional offers (`adHocOffers` in `.storekit` files).
    public var promotionalOffers: [SubscriptionOffer]
    public var codeOffers: [SubscriptionOffer]
    public var winBackOffers: [SubscriptionOffer]
    /// Billing plans (`.storekit` v5); empty when the product has only the plain plan.
    public var billingPlans: [BillingPlan]

    public init(
        groupID: String, groupDisplayName: String, groupLevel: Int, period: SubscriptionPeriod,
        introductoryOffer: SubscriptionOffer? = nil, promotionalOffers: [SubscriptionOffer] = [],
        codeOffers: [SubscriptionOffer] = [], winBackOffers: [SubscriptionOffer] = [],
        billingPlans: [BillingPlan] = []
    ) {
        self.groupID = groupID
        self.groupDisplayName = groupDisplayName
        self.groupLevel = groupLevel
        self.period = period
        self.introductoryOffer = introductoryOffer
        self.promotionalOffers = promotionalOffers
        self.codeOffers = codeOffers
        self.winBackOffers = winBackOffers
        self.billingPlans = billingPlans
    }

    /// Every offer of the product, of every kind.
    public var allOffers: [SubscriptionOffer] {
        [introductoryOffer].compactMap { $0 } + promotionalOffers + codeOffers + winBackOffers
    }
}

/// How one subscription relates to another in the same group, as StoreKit's
/// `Product.SubscriptionRelationship`, relative to the customer's active plan.
public enum SubscriptionRelationship: String, Sendable, Hashable, Codable, CaseIterable {
    case current, upgrade, downgrade, crossgrade

    /// The relationship of `candidate` to `active` (both in one group). Level 1 is the
    /// highest service; the same level with another duration is a crossgrade.
    public static func of(
        _ candidate: SubscriptionInfo, productID: String, to active: SubscriptionInfo, activeID: String
    )
        -> SubscriptionRelationship
    {
        if productID == activeID { return .current }
        if candidate.groupLevel < active.groupLevel { return .upgrade }
        if candidate.groupLevel > active.groupLevel { return .downgrade }
        return .crossgrade
    }
}

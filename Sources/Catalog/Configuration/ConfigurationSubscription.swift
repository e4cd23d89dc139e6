import StoreCore

/// An auto-renewable subscription (`subscriptionGroups[].subscriptions[]`): every product key
/// plus its level, period, group and offers. Arrays are nil when the key is absent (older
/// versions), so re-encoding writes what the version had.
public struct ConfigurationSubscription: Sendable, Hashable {
    /// The keys shared with plain products (type is `RecurringSubscription`).
    public var product: ConfigurationProduct
    /// The level in the group; 1 is the highest service.
    public var groupNumber: Int
    public var recurringSubscriptionPeriod: SubscriptionPeriod
    /// Must equal the enclosing group's `id`.
    public var subscriptionGroupID: String
    public var introductoryOffer: ConfigurationOffer?
    /// 5.0: one introductory offer per billing plan.
    public var introductoryOffers: [ConfigurationOffer]?
    /// Promotional offers.
    public var adHocOffers: [ConfigurationOffer]?
    public var codeOffers: [ConfigurationOffer]?
    public var winbackOffers: [ConfigurationOffer]?
    public var billingPlans: [ConfigurationBillingPlan]?

    public init(
        product: ConfigurationProduct, groupNumber: Int, recurringSubscriptionPeriod: SubscriptionPeriod,
        subscriptionGroupID: String, introductoryOffer: ConfigurationOffer? = nil,
        introductoryOffers: [ConfigurationOffer]? = nil, adHocOffers: [ConfigurationOffer]? = [],
        codeOffers: [ConfigurationOffer]? = [], winbackOffers: [ConfigurationOffer]? = nil,
        billingPlans: [ConfigurationBillingPlan]? = nil
    ) {
        self.product = product
        self.groupNumber = groupNumber
        self.recurringSubscriptionPeriod = recurringSubscriptionPeriod
        self.subscriptionGroupID = subscriptionGroupID
        self.introductoryOffer = introductoryOffer
        self.introductoryOffers = introductoryOffers
        self.adHocOffers = adHocOffers
        self.codeOffers = codeOffers
        self.winbackOffers = winbackOffers
        self.billingPlans = billingPlans
    }

    /// Every offer of every kind, in file order by kind.
    public var allOffers: [ConfigurationOffer] {
        [introductoryOffer].compactMap { $0 } + (introductoryOffers ?? []) + (adHocOffers ?? [])
            + (codeOffers ?? [])
            + (winbackOffers ?? [])
    }
}

import Foundation

/// A subscription offer, as StoreKit's `Product.SubscriptionOffer`: an introductory,
/// promotional, offer-code or win-back price for some number of periods.
public struct SubscriptionOffer: Sendable, Hashable, Codable {
    /// Which kind of offer this is. Raw values are Apple's `offerType` integers.
    public enum OfferType: Int, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
        case introductory = 1
        case promotional = 2
        case code = 3
        case winBack = 4

        public var description: String {
            switch self {
            case .introductory: "introductory"
            case .promotional: "promotional"
            case .code: "offer code"
            case .winBack: "win-back"
            }
        }
    }

    /// How the customer pays during the offer. Raw values are the `.storekit` strings;
    /// `discountType` gives Apple's server-side spelling.
    public enum PaymentMode: String, Sendable, Hashable, Codable, CaseIterable {
        case freeTrial = "free"
        case payAsYouGo
        case payUpFront

        /// Apple's `offerDiscountType` in signed transactions.
        public var discountType: String {
            switch self {
            case .freeTrial: "FREE_TRIAL"
            case .payAsYouGo: "PAY_AS_YOU_GO"
            case .payUpFront: "PAY_UP_FRONT"
            }
        }
    }

    /// Who may redeem an offer code (`codeOffers[].eligibility`).
    public enum CodeEligibility: String, Sendable, Hashable, Codable, CaseIterable {
        case new
        case existing
        case expired
    }

    /// The offer identifier: `offerID` for promotional and win-back offers, the reference
    /// name for offer codes, nil for introductory offers (which StoreKit leaves unnamed).
    public var id: String?
    public var type: OfferType
    public var paymentMode: PaymentMode
    /// The length of one offer period.
    public var period: SubscriptionPeriod
    /// How many periods the offer lasts (1 for free trials and pay-up-front offers).
    public var periodCount: Int
    /// The price per offer period (the whole price for pay up front); zero for free trials.
    public var price: Decimal
    /// The price formatted for the product's storefront.
    public var displayPrice: String
    /// The reference name from the catalog, shown in the Transaction Manager.
    public var referenceName: String?
    /// The billing plan this offer belongs to (v5 catalogs), if any.
    public var billingPlanType: BillingPlan.PlanType?
    /// Offer codes: which customers may redeem it.
    public var codeEligibility: Set<CodeEligibility>
    /// Offer codes: whether it may stack on an active introductory offer.
    public var isStackable: Bool
    /// Win-back offers: Xcode's per-offer "customer eligibility" toggle.
    public var isWinBackEligible: Bool
    /// Win-back offers: `normal` or `high`.
    public var priority: String?

    public init(
        id: String?, type: OfferType, paymentMode: PaymentMode, period: SubscriptionPeriod,
        periodCount: Int, price: Decimal, displayPrice: String, referenceName: String? = nil,
        billingPlanType: BillingPlan.PlanType? = nil, codeEligibility: Set<CodeEligibility> = [],
        isStackable: Bool = false, isWinBackEligible: Bool = false, priority: String? = nil
    ) {
        self.id = id
        self.type = type
        self.paymentMode = paymentMode
        self.period = period
        self.periodCount = periodCount
        self.price = price
        self.displayPrice = displayPrice
        self.referenceName = referenceName
        self.billingPlanType = billingPlanType
        self.codeEligibility = codeEligibility
        self.isStackable = isStackable
        self.isWinBackEligible = isWinBackEligible
        self.priority = priority
    }

    /// The total time the offer covers: `periodCount` periods (one long period for pay up front).
    public var totalDuration: (value: Int, unit: SubscriptionPeriod.Unit) {
        (period.value * periodCount, period.unit)
    }
}

/// A billing plan of a subscription (`.storekit` v5): billed up front, or monthly with a
/// twelve-month commitment.
public struct BillingPlan: Sendable, Hashable, Codable {
    public enum PlanType: String, Sendable, Hashable, Codable, CaseIterable {
        case billedUpFront = "BILLED_UPFRONT"
        case monthly = "MONTHLY"
    }

    public var type: PlanType
    /// The price of one bill.
    public var price: Decimal
    public var displayPrice: String
    /// The total over the commitment.
    public var commitmentPrice: Decimal
    public var commitmentDisplayPrice: String
    public var isEnabled: Bool

    public init(
        type: PlanType, price: Decimal, displayPrice: String, commitmentPrice: Decimal,
        commitmentDisplayPrice: String, isEnabled: Bool
    ) {
        self.type = type
        self.price = price
        self.displayPrice = displayPrice
        self.commitmentPrice = commitmentPrice
        self.commitmentDisplayPrice = commitmentDisplayPrice
        self.isEnabled = isEnabled
    }
}

import Foundation
import StoreCore

// Monthly plans with a twelve-month commitment (iOS 26.4): what a product offers, what the
// purchase asks for, and what the signed transaction and renewal info say about the commitment.

extension Product.SubscriptionInfo {
    /// How a subscription is billed: all at once, or monthly over a twelve-month commitment.
    public struct BillingPlanType: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The whole period is billed when it starts.
        public static let upFront = BillingPlanType(rawValue: BillingPlan.PlanType.billedUpFront.rawValue)
        /// Billed every month of a twelve-month commitment.
        public static let monthly = BillingPlanType(rawValue: BillingPlan.PlanType.monthly.rawValue)

        init(_ type: BillingPlan.PlanType) { rawValue = type.rawValue }

        var core: BillingPlan.PlanType? { BillingPlan.PlanType(rawValue: rawValue) }
    }

    /// The period between two bills.
    public typealias BillingPeriod = SubscriptionPeriod

    /// What the customer commits to when they subscribe on a plan.
    public struct CommitmentInfo: Hashable, Sendable {
        /// The whole commitment's price.
        public let price: Decimal
        public let displayPrice: String
        /// How long the commitment lasts.
        public let period: SubscriptionPeriod
    }

    /// One way to pay for the subscription: its plan, its bills and its commitment.
    public struct PricingTerms: Hashable, Sendable {
        public let billingPlanType: BillingPlanType
        /// The price of each bill.
        public let billingPrice: Decimal
        public let billingDisplayPrice: String
        public let billingPeriod: BillingPeriod
        public let commitmentInfo: CommitmentInfo
        /// The offers that apply to this plan.
        public let subscriptionOffers: [Product.SubscriptionOffer]

        /// The plan's offers of one type.
        public subscript(offers type: Product.SubscriptionOffer.OfferType) -> [Product.SubscriptionOffer] {
            subscriptionOffers.filter { $0.type == type }
        }
    }

    /// The plans the subscription can be bought on. A subscription without billing plans has one,
    /// up front, at the product's price for its period.
    public var pricingTerms: [PricingTerms] {
        let offers = base.allOffers
        let plans = base.billingPlans.filter(\.isEnabled)
        guard !plans.isEmpty else {
            return [
                PricingTerms(
                    billingPlanType: .upFront, billingPrice: productPrice,
                    billingDisplayPrice: productDisplayPrice,
                    billingPeriod: subscriptionPeriod,
                    commitmentInfo: CommitmentInfo(
                        price: productPrice, displayPrice: productDisplayPrice, period: subscriptionPeriod),
                    subscriptionOffers: offers.map(Product.SubscriptionOffer.init))
            ]
        }
        return plans.map { plan in
            // A monthly plan bills every month of a year; an up-front one bills its whole period.
            let billingPeriod = plan.type == .monthly ? SubscriptionPeriod.monthly : subscriptionPeriod
            let commitmentPeriod = plan.type == .monthly ? SubscriptionPeriod.yearly : subscriptionPeriod
            return PricingTerms(
                billingPlanType: BillingPlanType(plan.type), billingPrice: plan.price,
                billingDisplayPrice: plan.displayPrice, billingPeriod: billingPeriod,
                commitmentInfo: CommitmentInfo(
                    price: plan.commitmentPrice, displayPrice: plan.commitmentDisplayPrice,
                    period: commitmentPeriod),
                subscriptionOffers: offers.filter { ($0.billingPlanType ?? plan.type) == plan.type }
                    .map(Product.SubscriptionOffer.init))
        }
    }
}

extension CoreSubscriptionInfo {
    /// Every offer of the subscription, introductory first.
    fileprivate var allOffers: [CoreSubscriptionOffer] {
        (introductoryOffer.map { [$0] } ?? []) + promotionalOffers + winBackOffers
    }
}

extension Product.PurchaseOption {
    /// Buys the subscription on this billing plan.
    public static func billingPlanType(_ type: Product.SubscriptionInfo.BillingPlanType)
        -> Product.PurchaseOption
    {
        // An unknown raw value has no plan: the store refuses it as it refuses a plan the
        // product does not offer.
        Product.PurchaseOption(.billingPlanType(type.core ?? .billedUpFront))
    }
}

extension Transaction {
    /// Where a bill of a monthly plan stands in its twelve-month commitment.
    public struct CommitmentInfo: Hashable, Sendable {
        /// Which bill this is, from 1.
        public let billingPeriodNumber: UInt64
        /// How many bills the commitment has (12).
        public let totalBillingPeriods: UInt64
        /// When the commitment ends.
        public let expirationDate: Date
        /// The whole commitment's price.
        public let price: Decimal

        init(_ commitment: CoreTransaction.Commitment) {
            billingPeriodNumber = UInt64(max(commitment.billingPeriodNumber, 0))
            totalBillingPeriods = UInt64(max(commitment.totalBillingPeriods, 0))
            expirationDate = commitment.expirationDate
            price = commitment.price
        }
    }

    /// The billing plan the transaction was bought on (nil for products without plans).
    public var billingPlanType: Product.SubscriptionInfo.BillingPlanType? {
        base.billingPlanType.map(Product.SubscriptionInfo.BillingPlanType.init)
    }

    /// The commitment of a monthly plan's bill (nil for any other plan).
    public var commitmentInfo: CommitmentInfo? { base.commitment.map(CommitmentInfo.init) }
}

extension Product.SubscriptionInfo.RenewalInfo {
    /// What follows a monthly plan's commitment when it ends.
    public struct CommitmentInfo: Hashable, Sendable {
        /// The product the next commitment is for.
        public let autoRenewPreference: String
        /// Whether a new commitment starts when this one ends.
        public let willAutoRenew: Bool
        public let renewalBillingPlanType: Product.SubscriptionInfo.BillingPlanType
        /// When the current commitment ends and the next begins.
        public let renewalDate: Date
        /// The next commitment's price.
        public let renewalPrice: Decimal

        init(_ commitment: CoreRenewalInfo.Commitment) {
            autoRenewPreference = commitment.autoRenewProductID
            willAutoRenew = commitment.willAutoRenew
            renewalBillingPlanType = .init(commitment.renewalBillingPlanType ?? .monthly)
            renewalDate = commitment.renewalDate
            renewalPrice = commitment.renewalPrice ?? 0
        }
    }

    /// The plan the subscription renews on (nil for products without plans).
    public var renewalBillingPlanType: Product.SubscriptionInfo.BillingPlanType? {
        base.renewalBillingPlanType.map(Product.SubscriptionInfo.BillingPlanType.init)
    }

    /// What follows a monthly plan's commitment (nil for any other plan).
    public var commitmentInfo: CommitmentInfo? { base.commitment.map(CommitmentInfo.init) }
}

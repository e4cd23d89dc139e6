import Foundation

extension Transaction {
    /// A monthly-billed plan's twelve-month commitment as one bill sees it, Apple's
    /// `TransactionCommitmentInfo` (App Store Server API 1.21, 2026-04-27).
    public struct Commitment: Sendable, Hashable, Codable {
        /// Which bill of the commitment this is, from 1.
        public var billingPeriodNumber: Int
        /// How many bills the commitment has (12).
        public var totalBillingPeriods: Int
        /// When the commitment ends.
        public var expirationDate: Date
        /// The whole commitment's price.
        public var price: Decimal

        public init(billingPeriodNumber: Int, totalBillingPeriods: Int, expirationDate: Date, price: Decimal)
        {
            self.billingPeriodNumber = billingPeriodNumber
            self.totalBillingPeriods = totalBillingPeriods
            self.expirationDate = expirationDate
            self.price = price
        }
    }
}

extension RenewalInfo {
    /// What follows a monthly-billed plan's commitment, Apple's `RenewalCommitmentInfo`.
    public struct Commitment: Sendable, Hashable, Codable {
        /// The product the next commitment is for.
        public var autoRenewProductID: String
        /// Whether a new commitment starts when this one ends.
        public var willAutoRenew: Bool
        public var renewalBillingPlanType: BillingPlan.PlanType?
        /// When the current commitment ends and the next begins.
        public var renewalDate: Date
        /// The next commitment's price.
        public var renewalPrice: Decimal?

        public init(
            autoRenewProductID: String, willAutoRenew: Bool, renewalBillingPlanType: BillingPlan.PlanType?,
            renewalDate: Date, renewalPrice: Decimal?
        ) {
            self.autoRenewProductID = autoRenewProductID
            self.willAutoRenew = willAutoRenew
            self.renewalBillingPlanType = renewalBillingPlanType
            self.renewalDate = renewalDate
            self.renewalPrice = renewalPrice
        }
    }
}

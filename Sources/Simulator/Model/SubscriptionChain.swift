import Foundation
import StoreCore

/// One account's subscription in one group: every renewal, upgrade and resubscription shares
/// its original transaction ID, as on the App Store.
struct SubscriptionChain: Sendable, Hashable {
    struct Key: Sendable, Hashable {
        var account: AccountName
        var groupID: String
    }

    enum PriceIncrease: Sendable, Hashable {
        case none
        case pending(newPrice: Decimal)
        case agreed(newPrice: Decimal)
        /// The customer declined: the subscription expires at its next renewal.
        case declined(newPrice: Decimal)
    }

    var key: Key
    var originalTransactionID: UInt64
    var originalPurchaseDate: Date
    var currentProductID: String
    var autoRenewProductID: String
    var autoRenewEnabled: Bool
    var latestTransactionID: UInt64
    /// The end of the current paid (or offer) period.
    var expirationDate: Date
    /// The start of the current uninterrupted run of subscription.
    var recentStartDate: Date
    var isExpired: Bool = false
    var expirationReason: RenewalInfo.ExpirationReason?
    /// Set while a renewal failed and the App Store keeps retrying.
    var billingRetryStart: Date?
    var gracePeriodExpirationDate: Date?
    /// Whether GRACE_PERIOD_EXPIRED was already recorded for the current grace period.
    var gracePeriodEnded = false
    var priceIncrease: PriceIncrease = .none
    /// The offer for the coming renewals, if one is still running or was redeemed for later.
    var offer: AppliedOffer?
    /// The renewal price the account pays, by product (after an agreed price increase).
    var renewalPriceOverride: Decimal?
    var billingPlanType: BillingPlan.PlanType?
    var appAccountToken: UUID?
    /// Counts the billed periods, for `webOrderLineItemId`.
    var billingSequence: Int = 0
    /// Monthly plan: the bills of the current twelve-month commitment so far, and its start.
    var commitmentBills = 0
    var commitmentStartDate: Date?
    /// A StoreKit message the app has not been shown yet: it waits for the next listener.
    var pendingMessage: StoreMessage?

    var isInBillingRetry: Bool { billingRetryStart != nil }

    /// The renewal state at `date`.
    func state(at date: Date, latestRevoked: Bool) -> SubscriptionStatus.RenewalState {
        if latestRevoked { return .revoked }
        if isExpired { return .expired }
        if billingRetryStart != nil {
            if let grace = gracePeriodExpirationDate, grace > date { return .inGracePeriod }
            return .inBillingRetryPeriod
        }
        return .subscribed
    }
}

import Foundation
import StoreCore

/// Where the customer stands with the subscription group on screen, read from the store's
/// statuses: what the paywall says, marks and sells depends on it (docs/behaviour.md, "What the
/// paywall shows each customer").
struct CustomerStanding: Sendable, Hashable {
    enum Kind: String, Sendable, Hashable {
        /// Never subscribed to the group (introductory offers apply when eligible).
        case new
        /// Subscribed once; expired now (win-back offers apply when eligible).
        case lapsed
        /// In a free trial of an introductory offer.
        case trial
        /// Subscribed and paying.
        case subscribed
        /// The renewal failed and the store retries it; no access.
        case billingRetry
        /// The renewal failed; access kept until the grace period ends.
        case grace
        /// The subscription was refunded (revoked).
        case refunded
        /// A family member's plan, bought by the family organiser.
        case familyShared
    }

    var kind: Kind
    /// The status the standing is read from (nil for a new customer).
    var status: SubscriptionStatus?
    /// The plan the customer holds, in billing retry too: marked current, never sold again.
    var currentPlanID: String?
    /// The plan the subscription turns into at its next renewal (a downgrade, or a crossgrade
    /// to another length), when one is pending.
    var pendingPlanID: String?
    /// Whether the subscription renews at the end of its period.
    var willAutoRenew = false
    /// The end of the period paid for (or of the trial): when it renews, or access ends.
    var periodEnd: Date?
    /// The day access ends: the grace period's end, the last day of billing retry, or the end
    /// of the period when auto-renew is off; nil while the subscription renews.
    var accessEnds: Date?

    init(_ snapshot: StoreSnapshot) {
        let statuses = snapshot.statuses
        let status =
            statuses.first { $0.state.grantsAccess } ?? statuses.first { $0.state == .inBillingRetryPeriod }
            ?? statuses.first
        self.status = status
        guard let status else {
            kind = .new
            return
        }
        let renewal = status.renewalInfo.unsafePayloadValue
        let transaction = status.transaction.unsafePayloadValue
        willAutoRenew = renewal.willAutoRenew
        periodEnd = renewal.renewalDate ?? transaction.expirationDate
        switch status.state {
        case .expired:
            kind = .lapsed
            return
        case .revoked:
            kind = .refunded
            return
        case .inBillingRetryPeriod:
            kind = .billingRetry
            accessEnds = periodEnd.map {
                $0.addingTimeInterval(snapshot.settings.timeRate.billingRetryPeriod)
            }
        case .inGracePeriod:
            kind = .grace
            accessEnds = renewal.gracePeriodExpirationDate
        case .subscribed:
            let offer = transaction.offer
            if transaction.ownershipType == .familyShared {
                kind = .familyShared
            } else if offer?.type == .introductory, offer?.paymentMode == .freeTrial {
                kind = .trial
            } else {
                kind = .subscribed
            }
            if !renewal.willAutoRenew { accessEnds = transaction.expirationDate }
        }
        currentPlanID = renewal.currentProductID
        if renewal.willAutoRenew, let next = renewal.autoRenewPreference, next != renewal.currentProductID {
            pendingPlanID = next
        }
    }

    /// Whether the customer holds a plan of the group now (paying, in a trial, in grace or in
    /// billing retry): the paywall then speaks of changing plans, not of starting one.
    var holdsPlan: Bool { currentPlanID != nil }

    /// Whether the payment failed and the paywall asks for it to be fixed.
    var needsPaymentFix: Bool { kind == .billingRetry || kind == .grace }
}

/// What one plan is to the customer: the row's mark and what its call to action does.
enum PlanStanding: Sendable, Hashable {
    /// The plan held now.
    case current
    /// The plan the subscription switches to at the next renewal, on this day.
    case scheduled(Date?)
    /// A purchase of it waits for a parent's approval (Ask to Buy).
    case awaitingApproval
    /// Another plan of the group: an upgrade, downgrade or crossgrade taking effect at once
    /// (nil) or at the next renewal (that day).
    case change(SubscriptionRelationship, effective: Date?)
    /// Nothing held in the group: a plain purchase.
    case available

    /// How `product` stands for a customer of `standing`, given the products waiting for approval.
    static func of(
        _ product: Product, standing: CustomerStanding, snapshot: StoreSnapshot, awaitingApproval: [String]
    ) -> PlanStanding {
        if awaitingApproval.contains(product.id) { return .awaitingApproval }
        guard let currentID = standing.currentPlanID else { return .available }
        if product.id == currentID { return .current }
        if product.id == standing.pendingPlanID { return .scheduled(standing.periodEnd) }
        guard let info = product.subscription, let held = snapshot.product(currentID)?.subscription else {
            return .available
        }
        let relation = SubscriptionRelationship.of(info, productID: product.id, to: held, activeID: currentID)
        // As the App Store (and the simulator's engine): an upgrade, or a crossgrade of the
        // same length, starts at once; a downgrade, or a crossgrade to another length, at the
        // next renewal.
        let immediate = relation == .upgrade || (relation == .crossgrade && info.period == held.period)
        return .change(relation, effective: immediate ? nil : standing.periodEnd)
    }

    /// Whether buying the plan is what its call to action does (not managing, not waiting).
    var isForSale: Bool {
        switch self {
        case .change, .available: true
        case .current, .scheduled, .awaitingApproval: false
        }
    }
}

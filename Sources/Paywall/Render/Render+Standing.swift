import Foundation
import StoreCore
import TerminalUI

// What the paywall says to the customer where they stand (docs/behaviour.md, "What the paywall
// shows each customer"): the row marks, the call to action and the subscriber's line.

extension AppState {
    /// Where the customer stands with the group on screen.
    var standing: CustomerStanding { CustomerStanding(store) }

    /// How `product` stands for this customer.
    func planStanding(_ product: Product, _ standing: CustomerStanding) -> PlanStanding {
        PlanStanding.of(product, standing: standing, snapshot: store, awaitingApproval: pendingProductIDs)
    }
}

extension PaywallProgram {
    /// The mark beside a plan: "Current plan", "Payment failed", "Starts 2026-06-28", "Upgrade"...
    static func planTag(_ plan: PlanStanding, _ standing: CustomerStanding, _ strings: PaywallStrings)
        -> String?
    {
        switch plan {
        case .current:
            if standing.needsPaymentFix { return strings[standing: .paymentFailedTag] }
            if standing.kind == .familyShared { return strings[standing: .sharedByFamily] }
            return strings[.currentPlan]
        case .scheduled(let date): return strings.format(.startsOn, ["date": date.map(formatDay) ?? "?"])
        case .awaitingApproval: return strings[standing: .waitingForApproval]
        case .change(let relation, _): return strings.word(for: relation)
        case .available: return nil
        }
    }

    /// The verb of the call to action for `plan`: what pressing it does for this customer.
    static func actionWord(
        _ state: AppState, plan product: Product, _ plan: PlanStanding, _ standing: CustomerStanding
    )
        -> String
    {
        let strings = state.content.strings
        switch plan {
        case .current:
            if standing.needsPaymentFix { return strings[standing: .updatePayment] }
            if standing.kind == .familyShared { return strings[standing: .sharedByFamily] }
            if !standing.willAutoRenew { return strings[standing: .resume] }
            return strings[.currentPlan]
        case .scheduled(let date): return strings.format(.startsOn, ["date": date.map(formatDay) ?? "?"])
        case .awaitingApproval: return strings[standing: .waitingForApproval]
        case .change(let relation, let effective):
            let when =
                effective.map { strings.format(.effectiveOn, ["date": formatDay($0)]) }
                ?? strings[standing: .effectiveNow]
            return "\(strings.word(for: relation)) · \(when)"
        case .available:
            guard let offer = PlanOffer.best(for: product, in: state.store, standing: standing)?.offer,
                offer.type == .introductory, offer.paymentMode == .freeTrial
            else { return state.content.callToAction }
            // The copy's own label wins; the paywall's default says how long the trial is.
            guard state.content.callToActionWithIntroOffer == strings[.startFreeTrial] else {
                return state.content.callToActionWithIntroOffer
            }
            let total = offer.totalDuration
            return strings.startTrial(SubscriptionPeriod(value: total.value, unit: total.unit))
        }
    }

    /// The call to action: follows the selection, the customer's standing and the label style.
    /// A plan that is not for sale (held, scheduled, waiting for approval) shows no price.
    static func callToAction(_ state: AppState) -> (label: String, detail: String?) {
        guard let plan = state.selectedPlan else { return (state.content.callToAction, nil) }
        let strings = state.content.strings
        let standing = state.standing
        let planStanding = state.planStanding(plan, standing)
        let action = actionWord(state, plan: plan, planStanding, standing)
        guard planStanding.isForSale else { return (action, nil) }
        let price = OfferText.pricePerPeriod(plan, strings)
        let offer = PlanOffer.best(for: plan, in: state.store, standing: standing)
        let terms = offer.map { OfferText.terms($0.offer, product: plan, strings) }
        switch state.labelStyle {
        case .action: return (action, terms)
        case .displayName: return ("\(action): \(plan.displayName)", terms)
        case .price: return (terms.map { _ in action } ?? "\(action) · \(price)", terms)
        case .singleLine: return ("\(action) · \(plan.displayName) · \(price)", terms)
        case .multiline: return (action, terms ?? "\(plan.displayName) · \(price)")
        }
    }

    /// What the call to action does for a plan that is not a plain purchase: fix the payment
    /// (Manage), turn auto-renew back on, or say the plan is already held; nil when it buys.
    static func standingEffects(_ state: inout AppState, plan: Product) -> [Effect]? {
        let standing = state.standing
        let planStanding = state.planStanding(plan, standing)
        guard !planStanding.isForSale else { return nil }
        guard planStanding == .current, let status = standing.status else { return [] }
        let transactionID = status.transaction.unsafePayloadValue.id
        if standing.needsPaymentFix {
            // The customer updates the payment method in Manage Subscriptions; the store retries.
            return [.control(.resolveIssue(transactionID: transactionID))]
        }
        if !standing.willAutoRenew, standing.kind != .familyShared {
            return [.control(.setAutoRenew(true, transactionID: transactionID))]
        }
        let strings = state.content.strings
        state.post(Notice(.info, strings.format(.alreadyHeld, ["plan": plan.displayName])))
        return []
    }

    /// The subscriber's line and its colour: the plan held and its dates, the trial and what it
    /// turns into, the failed payment and until when, or how a past subscription ended.
    static func subscriberLine(_ state: AppState) -> (String, ThemeRole)? {
        let standing = state.standing
        guard let status = standing.status else { return nil }
        let strings = state.content.strings
        let renewal = status.renewalInfo.unsafePayloadValue
        let transaction = status.transaction.unsafePayloadValue
        let name = state.store.name(of: renewal.currentProductID)
        let date = standing.periodEnd.map(formatDay) ?? "?"
        var parts: [String]
        switch standing.kind {
        case .new: return nil
        case .lapsed:
            let ended = transaction.expirationDate.map(formatDay) ?? date
            return (strings.format(.expiredOn, ["plan": name, "date": ended]), .muted)
        case .refunded:
            let refunded = transaction.revocationDate.map(formatDay) ?? "?"
            return (
                strings.format(
                    .refundedOn, ["plan": state.store.name(of: transaction.productID), "date": refunded]),
                .warning
            )
        case .grace:
            let until = standing.accessEnds.map(formatDay) ?? "?"
            parts = [
                "\(strings[.currentPlan]): \(name)", strings.format(.paymentFailed, ["date": date]),
                strings.format(.graceUntil, ["date": until]),
            ]
        case .billingRetry:
            let until = standing.accessEnds.map(formatDay) ?? "?"
            parts = [
                "\(strings[.currentPlan]): \(name)", strings.format(.paymentFailed, ["date": date]),
                strings.format(.retryingUntil, ["date": until]),
            ]
        case .trial:
            let price = state.store.product(renewal.currentProductID).map {
                OfferText.pricePerPeriod($0, strings)
            }
            parts = [strings.format(.trialOf, ["plan": name])]
            if standing.willAutoRenew {
                parts += [
                    strings.format(.trialThen, ["date": date, "price": price ?? "?"]),
                    strings[.autoRenewOn] + " (u)",
                ]
            } else {
                parts += [strings.format(.accessEnds, ["date": date]), strings[.autoRenewOff] + " (u)"]
            }
        case .familyShared:
            parts = [
                "\(strings[standing: .sharedByFamily]): \(name)",
                strings.format(renewal.willAutoRenew ? .renews : .expires, ["date": date]),
            ]
        case .subscribed:
            let when =
                standing.willAutoRenew
                ? strings.format(.renews, ["date": date]) : strings.format(.accessEnds, ["date": date])
            let auto = strings[standing.willAutoRenew ? .autoRenewOn : .autoRenewOff]
            parts = ["\(strings[.currentPlan]): \(name)", when, "\(auto) (u)"]
        }
        if let pending = standing.pendingPlanID {
            parts.append(strings.format(.switchesTo, ["plan": state.store.name(of: pending), "date": date]))
        }
        let role: ThemeRole =
            switch standing.kind {
            case .subscribed, .trial, .familyShared: standing.willAutoRenew ? .success : .warning
            default: .warning
            }
        return (parts.joined(separator: " · "), role)
    }
}

import Foundation
import StoreCore

/// A badge the paywall copy puts on a plan, said in the paywall's language.
public enum PlanBadge: String, Sendable, Hashable, CaseIterable {
    case mostPopular, bestValue

    /// The word the badge is drawn with.
    var word: PaywallStrings.StandingWord {
        switch self {
        case .mostPopular: .mostPopular
        case .bestValue: .bestValue
        }
    }
}

extension AppState {
    /// The plan a paywall opens on: the copy's default plan when it names one of the group's;
    /// else, as paywalls that convert do, the plan with a free trial this customer can start,
    /// else the one that saves the most per day, never merely the first in the list.
    var defaultPlanIndex: Int {
        let plans = store.plans
        guard !plans.isEmpty else { return 0 }
        if let id = content.defaultPlanID, let index = plans.firstIndex(where: { $0.id == id }) {
            return index
        }
        let standing = CustomerStanding(store)
        // A subscriber opens on the plan they hold.
        if let held = standing.currentPlanID, let index = plans.firstIndex(where: { $0.id == held }) {
            return index
        }
        // A free trial to start, or a win-back offer to come back with.
        let trials = plans.indices.filter {
            store.hasFreeTrial(plans[$0])
                || PlanOffer.best(for: plans[$0], in: store, standing: standing)?.offer.type == .winBack
        }
        let candidates = trials.isEmpty ? Array(plans.indices) : trials
        return candidates.max {
            Self.costPerDay(plans[$0], rankedIn: plans) > Self.costPerDay(plans[$1], rankedIn: plans)
        }
            ?? 0
    }

    /// What a plan costs per day against the shortest plan of its level (1 = the same, 0.5 = half):
    /// the saving the "best value" is judged by, comparable across levels.
    private static func costPerDay(_ product: Product, rankedIn plans: [Product]) -> Double {
        guard let info = product.subscription else { return 1 }
        let sameLevel = plans.filter { $0.subscription?.groupLevel == info.groupLevel }
        let perDay = { (plan: Product) -> Double in
            NSDecimalNumber(decimal: plan.price).doubleValue
                / max(1, plan.subscription?.period.approximateDays ?? 1)
        }
        let base = sameLevel.map(perDay).max() ?? 0
        return base > 0 ? perDay(product) / base : 1
    }
}

extension StoreSnapshot {
    /// Whether buying `product` now starts with a free trial.
    func hasFreeTrial(_ product: Product) -> Bool {
        guard let offer = PlanOffer.best(for: product, in: self)?.offer else { return false }
        return offer.type == .introductory && offer.paymentMode == .freeTrial
    }
}

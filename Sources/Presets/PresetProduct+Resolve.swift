import StoreCore

extension PresetProduct {
    /// The catalog's product that plays this part, or nil when the catalog has none.
    /// Deterministic: among several candidates, the first in catalog order.
    public func resolve(in products: [Product]) -> Product? {
        let plans = products.filter { $0.type == .autoRenewable && $0.subscription != nil }
        func isMonthly(_ product: Product) -> Bool {
            product.subscription?.period == SubscriptionPeriod(value: 1, unit: .month)
        }
        switch self {
        case .trialPlan:
            let trials = plans.filter { $0.subscription?.introductoryOffer?.paymentMode == .freeTrial }
            return trials.first(where: isMonthly) ?? trials.first
        case .monthlyPlan:
            let monthly = plans.filter(isMonthly)
            return monthly.first { $0.subscription?.introductoryOffer == nil } ?? monthly.first
        case .winBackPlan:
            let candidates = plans.filter {
                $0.subscription?.winBackOffers.contains(where: \.isWinBackEligible) ?? false
            }
            return candidates.first(where: isMonthly) ?? candidates.first
        case .familyPlan:
            let shared = plans.filter(\.isFamilyShareable)
            return shared.first(where: isMonthly) ?? shared.first
        case .lowerTierPlan, .higherTierPlan:
            guard let tiers = Self.tiers(of: plans) else { return nil }
            return self == .lowerTierPlan ? tiers.lower : tiers.higher
        case .nonConsumable:
            return products.first { $0.type == .nonConsumable }
        }
    }

    /// The lowest and highest tier of the first group with two levels, of the same period when
    /// the group allows (monthly first), so an upgrade is a pure change of tier.
    private static func tiers(of products: [Product]) -> (lower: Product, higher: Product)? {
        let plans = products.compactMap { product in product.subscription.map { (product: product, info: $0) }
        }
        var groups: [String] = []
        for plan in plans where !groups.contains(plan.info.groupID) { groups.append(plan.info.groupID) }
        for group in groups {
            let members = plans.filter { $0.info.groupID == group }
            let periods = members.map(\.info.period).sorted { $0.unit < $1.unit }
            for period in periods {
                let same = members.filter { $0.info.period == period }
                // Level 1 is the highest tier; a larger number is a lower one.
                guard let lower = same.max(by: { $0.info.groupLevel < $1.info.groupLevel }),
                    let higher = same.min(by: { $0.info.groupLevel < $1.info.groupLevel }),
                    lower.info.groupLevel != higher.info.groupLevel
                else { continue }
                return (lower.product, higher.product)
            }
        }
        return nil
    }
}

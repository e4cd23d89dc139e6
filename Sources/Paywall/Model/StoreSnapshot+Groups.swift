import StoreCore

/// A subscription group the paywall can show.
struct SubscriptionGroupChoice: Hashable {
    var id: String
    var name: String
}

extension StoreSnapshot {
    /// The catalog's subscription groups, in the order their products come, each once.
    var subscriptionGroups: [SubscriptionGroupChoice] {
        var seen: Set<String> = []
        var groups: [SubscriptionGroupChoice] = []
        for product in products {
            guard product.type == .autoRenewable, let info = product.subscription,
                seen.insert(info.groupID).inserted
            else { continue }
            groups.append(SubscriptionGroupChoice(id: info.groupID, name: info.groupDisplayName))
        }
        return groups
    }

    /// The plans of one group level (1 is the highest service).
    func plans(level: Int) -> [Product] { plans.filter { $0.subscription?.groupLevel == level } }

    /// The levels of the shown group, highest service first.
    var levels: [Int] { Array(Set(plans.compactMap { $0.subscription?.groupLevel })).sorted() }
}

extension AppState {
    /// The paywall's heading: the copy's title, or the shown group's name when the catalog has
    /// no copy (so each group the switcher reaches is named).
    var title: String {
        guard content.titleFollowsGroup,
            let name = store.plans.first?.subscription?.groupDisplayName, !name.isEmpty
        else { return content.title }
        return name
    }
}

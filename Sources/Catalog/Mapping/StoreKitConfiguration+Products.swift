import Foundation
import StoreCore

extension StoreKitConfiguration {
    /// Every product as StoreKit would vend it in `locale` and `storefront` (the catalog's
    /// defaults when nil): products, then non-renewing subscriptions, then each group's
    /// subscriptions, in file order.
    ///
    /// Names fall back from the exact locale to the language, the catalog's default locale,
    /// the first localization, then the reference name. Prices keep the catalog's decimal and
    /// are formatted in the storefront's currency for the locale.
    public func products(locale: String? = nil, storefront: Storefront? = nil) -> [Product] {
        let localizer = ProductLocalizer(
            matcher: LocaleMatcher(locale: locale ?? defaultLocale, defaultLocale: defaultLocale),
            storefront: storefront ?? self.storefront)
        var result = products.map { localizer.product($0) }
        result += (nonRenewingSubscriptions ?? []).map { localizer.product($0) }
        for group in subscriptionGroups {
            let groupName = localizer.groupDisplayName(group)
            for subscription in group.subscriptions {
                result.append(localizer.product(subscription, groupDisplayName: groupName))
            }
        }
        return result
    }

    /// One product by ID, localized as `products(locale:storefront:)` does.
    public func product(id: String, locale: String? = nil, storefront: Storefront? = nil) -> Product? {
        products(locale: locale, storefront: storefront).first { $0.id == id }
    }

    /// The groups with their localized display names and their products ordered by level
    /// (highest service first), then by period (shortest first).
    public func subscriptionGroups(locale: String? = nil) -> [CatalogSubscriptionGroup] {
        let localizer = ProductLocalizer(
            matcher: LocaleMatcher(locale: locale ?? defaultLocale, defaultLocale: defaultLocale),
            storefront: storefront)
        return subscriptionGroups.map { group in
            let ordered = group.subscriptions.enumerated().sorted { lhs, rhs in
                let (left, right) = (lhs.element, rhs.element)
                if left.groupNumber != right.groupNumber { return left.groupNumber < right.groupNumber }
                let (leftDays, rightDays) =
                    (
                        left.recurringSubscriptionPeriod.approximateDays,
                        right.recurringSubscriptionPeriod.approximateDays
                    )
                return leftDays != rightDays ? leftDays < rightDays : lhs.offset < rhs.offset
            }
            return CatalogSubscriptionGroup(
                id: group.id, referenceName: group.name ?? "", displayName: localizer.groupDisplayName(group),
                productIDs: ordered.map(\.element.product.productID))
        }
    }
}

/// A subscription group as a paywall shows it.
public struct CatalogSubscriptionGroup: Sendable, Hashable, Identifiable {
    public var id: String
    /// The group's reference name (`name` in the file).
    public var referenceName: String
    /// The localized display name; falls back to the reference name, then the ID.
    public var displayName: String
    /// Level 1 (highest service) first, shorter periods first within a level.
    public var productIDs: [String]

    public init(id: String, referenceName: String, displayName: String, productIDs: [String]) {
        self.id = id
        self.referenceName = referenceName
        self.displayName = displayName
        self.productIDs = productIDs
    }
}

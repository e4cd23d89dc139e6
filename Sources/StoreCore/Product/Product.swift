import Foundation

/// A product for sale, as StoreKit 2's `Product`, already localized for one storefront and
/// locale.
public struct Product: Sendable, Hashable, Codable, Identifiable {
    /// The product identifier (`productID` in `.storekit` files).
    public var id: String
    public var type: ProductType
    /// The localized name; the catalog's reference name when the localization is empty.
    public var displayName: String
    public var description: String
    /// The price in the storefront's currency, exactly as the catalog states it.
    public var price: Decimal
    /// The price formatted for the storefront's currency and the locale.
    public var displayPrice: String
    /// The ISO 4217 currency code of `price`.
    public var currencyCode: String
    public var isFamilyShareable: Bool
    /// Subscription details; nil for consumables, non-consumables and non-renewing subscriptions.
    public var subscription: SubscriptionInfo?
    /// The catalog's reference name, shown in the Transaction Manager.
    public var referenceName: String

    public init(
        id: String, type: ProductType, displayName: String, description: String, price: Decimal,
        displayPrice: String, currencyCode: String, isFamilyShareable: Bool,
        subscription: SubscriptionInfo? = nil, referenceName: String = ""
    ) {
        self.id = id
        self.type = type
        self.displayName = displayName
        self.description = description
        self.price = price
        self.displayPrice = displayPrice
        self.currencyCode = currencyCode
        self.isFamilyShareable = isFamilyShareable
        self.subscription = subscription
        self.referenceName = referenceName
    }
}

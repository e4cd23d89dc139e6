/// The kind of an in-app purchase, as StoreKit 2's `Product.ProductType`.
///
/// Raw values are the strings Apple writes into signed transactions (`type`), so the
/// same value travels through the wire protocol and the JWS payloads unchanged.
public enum ProductType: String, Sendable, Hashable, Codable, CaseIterable {
    case consumable = "Consumable"
    case nonConsumable = "Non-Consumable"
    case nonRenewable = "Non-Renewing Subscription"
    case autoRenewable = "Auto-Renewable Subscription"

    /// Whether a purchase of this type stays owned (and is restored by `sync`).
    public var isDurable: Bool { self != .consumable }

    /// Whether this is a subscription of either kind.
    public var isSubscription: Bool { self == .nonRenewable || self == .autoRenewable }
}

import StoreCore

/// The `type` of a product in a `.storekit` file (spelled differently from StoreKit's
/// `Product.ProductType` raw values, hence a type of its own).
public enum ConfigurationProductType: String, Sendable, Hashable, CaseIterable {
    case consumable = "Consumable"
    case nonConsumable = "NonConsumable"
    case nonRenewingSubscription = "NonRenewingSubscription"
    case recurringSubscription = "RecurringSubscription"

    /// The StoreKit product type.
    public var productType: ProductType {
        switch self {
        case .consumable: .consumable
        case .nonConsumable: .nonConsumable
        case .nonRenewingSubscription: .nonRenewable
        case .recurringSubscription: .autoRenewable
        }
    }
}

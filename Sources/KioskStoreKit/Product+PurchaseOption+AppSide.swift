import Foundation
import StoreCore

extension Product.PurchaseOption {
    /// A custom value for the purchase. Apple's store reads these; Kiosk's keeps them with the
    /// option (they change nothing in the transaction, as on Apple's).
    public static func custom(key: String, value: String) -> Product.PurchaseOption {
        Product.PurchaseOption(appSide: .custom(key: key, value: .string(value)))
    }
    public static func custom(key: String, value: Double) -> Product.PurchaseOption {
        Product.PurchaseOption(appSide: .custom(key: key, value: .double(value)))
    }
    public static func custom(key: String, value: Bool) -> Product.PurchaseOption {
        Product.PurchaseOption(appSide: .custom(key: key, value: .bool(value)))
    }
    public static func custom(key: String, value: Data) -> Product.PurchaseOption {
        Product.PurchaseOption(appSide: .custom(key: key, value: .data(value)))
    }

    /// Whether to go on with a purchase when the storefront changes while it is under way.
    /// Kiosk's store makes a purchase in one step, so the storefront cannot change during one
    /// and the closure is never called (the purchase goes on, Apple's default).
    public static func onStorefrontChange(shouldContinuePurchase: @escaping @Sendable (Storefront) -> Bool)
        -> Product.PurchaseOption
    {
        Product.PurchaseOption(appSide: .onStorefrontChange(StorefrontChangeHandler(shouldContinuePurchase)))
    }
}

/// The purchase options only the app's side keeps.
enum AppSideOption: Hashable, Sendable, CustomStringConvertible {
    enum Value: Hashable, Sendable {
        case string(String), double(Double), bool(Bool), data(Data)
    }
    case custom(key: String, value: Value)
    case onStorefrontChange(StorefrontChangeHandler)

    var description: String {
        switch self {
        case .custom(let key, let value): "custom(\(key): \(value))"
        case .onStorefrontChange(let handler): "onStorefrontChange(\(handler.id))"
        }
    }
}

/// A storefront-change closure with an identity, so options holding one stay `Hashable`: two
/// options are the same only when made by the same call.
struct StorefrontChangeHandler: Hashable, Sendable {
    let id = UUID()
    let shouldContinue: @Sendable (Storefront) -> Bool

    init(_ shouldContinue: @escaping @Sendable (Storefront) -> Bool) { self.shouldContinue = shouldContinue }

    static func == (lhs: Self, rhs: Self) -> Bool { lhs.id == rhs.id }
    func hash(into hasher: inout Hasher) { hasher.combine(id) }
}

import Foundation
import StoreCore
import Synchronization

/// A product for sale, as StoreKit 2's `Product`, localized for the account's storefront.
public struct Product: Identifiable, Hashable, Sendable {
    let base: CoreProduct

    init(_ base: CoreProduct) { self.base = base }

    public var id: String { base.id }
    public var type: ProductType { ProductType(base.type) }
    public var displayName: String { base.displayName }
    public var description: String { base.description }
    public var price: Decimal { base.price }
    public var displayPrice: String { base.displayPrice }
    public var isFamilyShareable: Bool { base.isFamilyShareable }
    public var subscription: SubscriptionInfo? {
        base.subscription.map {
            SubscriptionInfo($0, productID: base.id, price: base.price, displayPrice: base.displayPrice)
        }
    }
    /// The product as JSON (Kiosk's own form of it; Apple's is undocumented).
    public var jsonRepresentation: Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        // A product is plain values, which always encode; Apple's property cannot throw.
        return (try? encoder.encode(base)) ?? Data()
    }

    /// The products with these identifiers; unknown identifiers are left out, as StoreKit does.
    public static func products<Identifiers: Collection>(for identifiers: Identifiers) async throws
        -> [Product]
    where Identifiers.Element == String {
        let ids = Array(identifiers)
        return try await StoreKitRuntime.shared.call { store throws(StoreError) in
            try await store.products(for: ids)
        }.map(Product.init)
    }

    /// Buys the product. With dialogs enabled Kiosk confirms the payment sheet itself (there
    /// is no one to tap it); `SKTestSession` decides cancels and Ask to Buy.
    public func purchase(options: Set<PurchaseOption> = []) async throws -> PurchaseResult {
        let binding = try await StoreKitRuntime.shared.binding()
        binding.watcher.purchasing(id)
        let productID = id
        let coreOptions = options.storeOptions
        // The sheet's answer as the request carries it: SKTestSession's cancel, else confirmed.
        let request = StoreCore.StoreRequest.purchase(
            productID: productID, options: coreOptions, confirmed: !binding.cancelsPurchases.withLock { $0 })
        let number = binding.watcher.purchaseStarted()
        let result: CorePurchaseResult
        do {
            result = try await binding.call { store throws(StoreError) in
                try await store.perform(request).purchase(of: request)
            }
        } catch {
            binding.watcher.purchaseEnded(number, handedOut: nil)
            throw StoreKitError.from(error)
        }
        switch result {
        case .success(let verification):
            let converted = VerificationResult<Transaction>(verification)
            binding.watcher.delivered(converted, via: "Product.purchase")
            binding.watcher.purchaseEnded(number, handedOut: converted.unsafePayloadValue.id)
            return .success(converted)
        case .userCancelled:
            binding.watcher.purchaseEnded(number, handedOut: nil)
            return .userCancelled
        case .pending:
            binding.watcher.purchaseEnded(number, handedOut: nil)
            return .pending
        }
    }

    /// The latest transaction for this product.
    public var latestTransaction: VerificationResult<Transaction>? {
        get async { await Transaction.latest(for: id) }
    }

    /// The account's entitlements to this product.
    public var currentEntitlements: Transaction.Transactions { Transaction.currentEntitlements(for: id) }

    /// The account's entitlement to this product, if any.
    public var currentEntitlement: VerificationResult<Transaction>? {
        get async { await Transaction.currentEntitlement(for: id) }
    }

    /// The kind of an in-app purchase.
    public struct ProductType: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let consumable = ProductType(rawValue: "Consumable")
        public static let nonConsumable = ProductType(rawValue: "Non-Consumable")
        public static let nonRenewable = ProductType(rawValue: "Non-Renewing Subscription")
        public static let autoRenewable = ProductType(rawValue: "Auto-Renewable Subscription")

        init(_ type: StoreCore.ProductType) { rawValue = type.rawValue }

        public var localizedDescription: String { rawValue }
    }

    /// What a purchase answered.
    public enum PurchaseResult: Sendable, Hashable {
        case success(VerificationResult<Transaction>)
        case userCancelled
        case pending
    }

    /// Why a purchase failed, with Apple's cases.
    public enum PurchaseError: Error, Sendable, Hashable, LocalizedError {
        case invalidQuantity
        case productUnavailable
        case purchaseNotAllowed
        case ineligibleForOffer
        case invalidOfferIdentifier
        case invalidOfferPrice
        case invalidOfferSignature
        case missingOfferParameters

        init(_ error: CorePurchaseError) {
            switch error {
            case .invalidQuantity: self = .invalidQuantity
            case .productUnavailable: self = .productUnavailable
            case .purchaseNotAllowed: self = .purchaseNotAllowed
            case .ineligibleForOffer: self = .ineligibleForOffer
            case .invalidOfferIdentifier: self = .invalidOfferIdentifier
            case .invalidOfferPrice: self = .invalidOfferPrice
            case .invalidOfferSignature: self = .invalidOfferSignature
            case .missingOfferParameters: self = .missingOfferParameters
            }
        }

        var core: CorePurchaseError {
            switch self {
            case .invalidQuantity: .invalidQuantity
            case .productUnavailable: .productUnavailable
            case .purchaseNotAllowed: .purchaseNotAllowed
            case .ineligibleForOffer: .ineligibleForOffer
            case .invalidOfferIdentifier: .invalidOfferIdentifier
            case .invalidOfferPrice: .invalidOfferPrice
            case .invalidOfferSignature: .invalidOfferSignature
            case .missingOfferParameters: .missingOfferParameters
            }
        }

        public var errorDescription: String? { core.description }
    }
}

// Compile-only probes of StoreKit's `Product` (docs/your-code.md, "Symbol table"): each function
// calls one declaration as an app would, under Apple's declaration and page. Nothing runs them;
// that they compile, in both language modes, is the test (Tests/Shell/storekit-conformance-probes.sh).
import Foundation
import StoreKit

// Symbol: Product.products(for:)
// Apple: static func products<Identifiers>(for identifiers: Identifiers) async throws -> [Product] where Identifiers : Collection, Identifiers.Element == String
// https://developer.apple.com/documentation/storekit/product/products(for:)
func probeProductsFor() async throws -> [Product] { try await Product.products(for: ["com.example.pro"]) }

// Symbol: Product.id
// Apple: let id: Product.ID
// https://developer.apple.com/documentation/storekit/product/id-swift.property
func probeProductID(_ product: Product) -> String { product.id }

// Symbol: Product.type
// Apple: let type: Product.ProductType
// https://developer.apple.com/documentation/storekit/product/type
func probeProductType(_ product: Product) -> Product.ProductType { product.type }

// Symbol: Product.displayName
// Apple: let displayName: String
// https://developer.apple.com/documentation/storekit/product/displayname
func probeDisplayName(_ product: Product) -> String { product.displayName }

// Symbol: Product.description
// Apple: let description: String
// https://developer.apple.com/documentation/storekit/product/description
func probeDescription(_ product: Product) -> String { product.description }

// Symbol: Product.price
// Apple: let price: Decimal
// https://developer.apple.com/documentation/storekit/product/price
func probePrice(_ product: Product) -> Decimal { product.price }

// Symbol: Product.displayPrice
// Apple: let displayPrice: String
// https://developer.apple.com/documentation/storekit/product/displayprice
func probeDisplayPrice(_ product: Product) -> String { product.displayPrice }

// Symbol: Product.priceFormatStyle
// Apple: let priceFormatStyle: Decimal.FormatStyle.Currency
// https://developer.apple.com/documentation/storekit/product/priceformatstyle
func probePriceFormatStyle(_ product: Product) -> String { product.price.formatted(product.priceFormatStyle) }

// Symbol: Product.subscriptionPeriodUnitFormatStyle
// Apple: var subscriptionPeriodUnitFormatStyle: Product.SubscriptionPeriod.Unit.FormatStyle { get }
// https://developer.apple.com/documentation/storekit/product/subscriptionperiodunitformatstyle
func probeSubscriptionPeriodUnitFormatStyle(_ product: Product) -> String? {
    product.subscription?.subscriptionPeriod.unit.formatted(product.subscriptionPeriodUnitFormatStyle)
}

// Symbol: Product.isFamilyShareable
// Apple: let isFamilyShareable: Bool
// https://developer.apple.com/documentation/storekit/product/isfamilyshareable
func probeIsFamilyShareable(_ product: Product) -> Bool { product.isFamilyShareable }

// Symbol: Product.subscription
// Apple: let subscription: Product.SubscriptionInfo?
// https://developer.apple.com/documentation/storekit/product/subscription
func probeSubscription(_ product: Product) -> Product.SubscriptionInfo? { product.subscription }

// Symbol: Product.jsonRepresentation
// Apple: var jsonRepresentation: Data { get }
// https://developer.apple.com/documentation/storekit/product/jsonrepresentation
func probeProductJSON(_ product: Product) -> Data { product.jsonRepresentation }

// Symbol: Product.debugDescription
// Apple: var debugDescription: String { get }
// https://developer.apple.com/documentation/storekit/product/debugdescription
func probeProductDebugDescription(_ product: Product) -> String { product.debugDescription }

// Symbol: Product.purchase(options:)
// Apple: func purchase(options: Set<Product.PurchaseOption> = []) async throws -> Product.PurchaseResult
// https://developer.apple.com/documentation/storekit/product/purchase(options:)
func probePurchase(_ product: Product) async throws -> Product.PurchaseResult {
    try await product.purchase(options: [.appAccountToken(UUID())])
}

// Symbol: Product.latestTransaction
// Apple: var latestTransaction: VerificationResult<Transaction>? { get async }
// https://developer.apple.com/documentation/storekit/product/latesttransaction
func probeLatestTransaction(_ product: Product) async -> VerificationResult<Transaction>? {
    await product.latestTransaction
}

// Symbol: Product.currentEntitlements
// Apple: var currentEntitlements: Transaction.Transactions { get }
// https://developer.apple.com/documentation/storekit/product/currententitlements
func probeProductCurrentEntitlements(_ product: Product) async -> Int {
    var count = 0
    for await _ in product.currentEntitlements { count += 1 }
    return count
}

// Symbol: Product.currentEntitlement
// Apple: var currentEntitlement: VerificationResult<Transaction>? { get async }
// https://developer.apple.com/documentation/storekit/product/currententitlement
func probeProductCurrentEntitlement(_ product: Product) async -> VerificationResult<Transaction>? {
    await product.currentEntitlement
}

// Symbol: Product.ProductType
// Apple: static let consumable: Product.ProductType (also nonConsumable, nonRenewable, autoRenewable)
// https://developer.apple.com/documentation/storekit/product/producttype
func probeProductTypes(_ type: Product.ProductType) -> Bool {
    [Product.ProductType.consumable, .nonConsumable, .nonRenewable, .autoRenewable].contains(type)
}

// Symbol: Product.ProductType.localizedDescription
// Apple: var localizedDescription: String { get }
// https://developer.apple.com/documentation/storekit/product/producttype/localizeddescription
func probeProductTypeDescription(_ type: Product.ProductType) -> String { type.localizedDescription }

// Symbol: Product.PurchaseResult
// Apple: enum PurchaseResult { case success(VerificationResult<Transaction>), case userCancelled, case pending }
// https://developer.apple.com/documentation/storekit/product/purchaseresult
func probePurchaseResult(_ result: Product.PurchaseResult) -> Transaction? {
    switch result {
    case .success(let verification):
        if case .verified(let transaction) = verification { return transaction }
        return nil
    case .userCancelled, .pending: return nil
    @unknown default: return nil
    }
}

// Symbol: Product.PurchaseError
// Apple: enum PurchaseError: Error { case invalidQuantity, productUnavailable, purchaseNotAllowed, ineligibleForOffer, invalidOfferIdentifier, invalidOfferPrice, invalidOfferSignature, missingOfferParameters }
// https://developer.apple.com/documentation/storekit/product/purchaseerror
func probePurchaseError(_ error: any Error) -> Bool {
    switch error as? Product.PurchaseError {
    case .invalidOfferSignature, .invalidOfferIdentifier, .invalidOfferPrice, .missingOfferParameters,
        .ineligibleForOffer, .invalidQuantity, .productUnavailable, .purchaseNotAllowed:
        return true
    default: return false
    }
}

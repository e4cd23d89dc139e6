// Compile-only probes of StoreKit's `Product.PurchaseOption` (see Probes+Product.swift).
import Foundation
import StoreKit

// Symbol: Product.PurchaseOption.appAccountToken(_:)
// Apple: static func appAccountToken(_ token: UUID) -> Product.PurchaseOption
// https://developer.apple.com/documentation/storekit/product/purchaseoption/appaccounttoken(_:)
func probeAppAccountTokenOption() -> Product.PurchaseOption { .appAccountToken(UUID()) }

// Symbol: Product.PurchaseOption.quantity(_:)
// Apple: static func quantity(_ quantity: Int) -> Product.PurchaseOption
// https://developer.apple.com/documentation/storekit/product/purchaseoption/quantity(_:)
func probeQuantityOption() -> Product.PurchaseOption { .quantity(3) }

// Symbol: Product.PurchaseOption.simulatesAskToBuyInSandbox(_:)
// Apple: static func simulatesAskToBuyInSandbox(_ simulatesAskToBuy: Bool) -> Product.PurchaseOption
// https://developer.apple.com/documentation/storekit/product/purchaseoption/simulatesasktobuyinsandbox(_:)
func probeAskToBuyOption() -> Product.PurchaseOption { .simulatesAskToBuyInSandbox(true) }

// Symbol: Product.PurchaseOption.promotionalOffer(offerID:keyID:nonce:signature:timestamp:)
// Apple: static func promotionalOffer(offerID: String, keyID: String, nonce: UUID, signature: Data, timestamp: Int) -> Product.PurchaseOption
// https://developer.apple.com/documentation/storekit/product/purchaseoption/promotionaloffer(offerid:keyid:nonce:signature:timestamp:)
func probeLegacyPromotionalOffer() -> Product.PurchaseOption {
    .promotionalOffer(
        offerID: "offer", keyID: "KEY", nonce: UUID(), signature: Data(), timestamp: 1_700_000_000_000)
}

// Symbol: Product.PurchaseOption.promotionalOffer(offerID:signature:)
// Apple: static func promotionalOffer(offerID: String, signature: Product.SubscriptionOffer.Signature) -> Product.PurchaseOption
// https://developer.apple.com/documentation/storekit/product/purchaseoption/promotionaloffer(offerid:signature:)
func probeSignaturePromotionalOffer(_ signature: Product.SubscriptionOffer.Signature)
    -> Product.PurchaseOption
{
    .promotionalOffer(offerID: "offer", signature: signature)
}

// Symbol: Product.PurchaseOption.promotionalOffer(_:compactJWS:)
// Apple: static func promotionalOffer(_ offerID: String, compactJWS: String) -> [Product.PurchaseOption]
// https://developer.apple.com/documentation/storekit/product/purchaseoption/promotionaloffer(_:compactjws:)
func probeJWSPromotionalOffer(_ product: Product, jws: String) async throws -> Product.PurchaseResult {
    try await product.purchase(
        options: Set(Product.PurchaseOption.promotionalOffer("offer", compactJWS: jws)))
}

// Symbol: Product.PurchaseOption.introductoryOfferEligibility(compactJWS:)
// Apple: @backDeployed(before: iOS 18.4, macOS 15.4, tvOS 18.4, watchOS 11.4, visionOS 2.4) static func introductoryOfferEligibility(compactJWS: String) -> Product.PurchaseOption
// https://developer.apple.com/documentation/storekit/product/purchaseoption/introductoryoffereligibility(compactjws:)
func probeIntroductoryOfferEligibility(_ product: Product, jws: String) async throws -> Product.PurchaseResult
{
    try await product.purchase(options: [.introductoryOfferEligibility(compactJWS: jws)])
}

// Symbol: Product.PurchaseOption.winBackOffer(_:)
// Apple: static func winBackOffer(_ offer: Product.SubscriptionOffer) -> Product.PurchaseOption
// https://developer.apple.com/documentation/storekit/product/purchaseoption/winbackoffer(_:)
func probeWinBackOption(_ offer: Product.SubscriptionOffer) -> Product.PurchaseOption { .winBackOffer(offer) }

// Symbol: Product.PurchaseOption.billingPlanType(_:)
// Apple: static func billingPlanType(_ type: Product.SubscriptionInfo.BillingPlanType) -> Product.PurchaseOption
// https://developer.apple.com/documentation/storekit/product/purchaseoption/billingplantype(_:)
func probeBillingPlanOption() -> Product.PurchaseOption { .billingPlanType(.monthly) }

// Symbol: Product.PurchaseOption.custom(key:value:)
// Apple: static func custom(key: String, value: String) -> Product.PurchaseOption (and value: Double, Bool, Data)
// https://developer.apple.com/documentation/storekit/product/purchaseoption/custom(key:value:)-2hqn6
func probeCustomOptions() -> Set<Product.PurchaseOption> {
    [
        .custom(key: "s", value: "text"), .custom(key: "d", value: 1.5), .custom(key: "b", value: true),
        .custom(key: "data", value: Data([1, 2])),
    ]
}

// Symbol: Product.PurchaseOption.onStorefrontChange(shouldContinuePurchase:)
// Apple: static func onStorefrontChange(shouldContinuePurchase: @escaping @Sendable (Storefront) -> Bool) -> Product.PurchaseOption
// https://developer.apple.com/documentation/storekit/product/purchaseoption/onstorefrontchange(shouldcontinuepurchase:)
func probeStorefrontChangeOption() -> Product.PurchaseOption {
    .onStorefrontChange { storefront in storefront.countryCode == "USA" }
}

import Foundation
import Signing
import StoreCore

/// What the simulator needs from a catalog: products localized for a locale and storefront,
/// and the catalog's default settings. `Catalog`'s decoded `.storekit` files provide it.
public protocol ProductCatalog: Sendable {
    /// A name for status lines and logs (the file name).
    var name: String { get }
    /// Every product, localized: names for `localeIdentifier`, prices in the storefront's
    /// currency formatted for the locale.
    func products(localeIdentifier: String, storefront: Storefront) -> [Product]
    /// The settings the catalog starts with (`settings` in a `.storekit` file).
    var defaultSettings: StoreSettings { get }
    /// The simulated errors the catalog starts with (`_storeKitErrors`).
    var defaultSimulatedErrors: [FailableAPI: SimulatedFailure] { get }
}

/// Checks what a developer's server signs for a purchase: promotional offers and
/// introductory-offer eligibility. `Signing` provides it; without one, a purchase given either
/// is refused as `invalidOfferSignature`.
public protocol OfferSignatureChecking: Sendable {
    /// Checks the signature and its freshness, and returns its nonce (the store refuses a
    /// nonce it has seen before).
    /// - Throws: why not, naming the claim; the purchase fails with `invalidOfferSignature`.
    func check(
        _ signature: PromotionalOfferSignature, bundleID: String, productID: String, offerID: String,
        appAccountToken: UUID?, now: Date
    ) throws(OfferSignatureRefusal) -> String

    /// Checks an introductory offer eligibility JWS for a purchase of `productID` and returns
    /// what it says (its nonce included, for the store to spend).
    /// - Throws: why not, naming the claim; the purchase fails with `invalidOfferSignature`.
    func checkIntroductoryOfferEligibility(
        _ compactJWS: String, bundleID: String, productID: String, now: Date
    ) throws(OfferSignatureRefusal) -> IntroductoryOfferEligibility
}

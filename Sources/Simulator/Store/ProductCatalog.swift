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

/// Signs what the store hands out. `Signing`'s local certificate authority provides it.
public protocol PayloadSigner: Sendable {
    func sign(_ transaction: Transaction) throws -> String
    func sign(_ renewalInfo: RenewalInfo) throws -> String
    func sign(_ appTransaction: AppTransaction) throws -> String
    /// Signs an App Store Server Notification V2 (`signedPayload`).
    func sign(_ notification: NotificationPayload) throws -> String
    /// Signs a Retention Messaging real-time request (`RealtimeRequestBody.signedPayload`).
    func sign(_ realtimeRequest: RealtimeRequestPayload) throws -> String
    /// The last date it can sign at (its certificates' end): the store's clock and every date
    /// it accepts stay at or before it, so a purchase never fails inside the signer.
    var latestSigningDate: Date { get }
}

extension PayloadSigner {
    /// 9999-12-31T23:59:59Z, the last date an X.509 certificate can name.
    public var latestSigningDate: Date { Date(timeIntervalSince1970: 253_402_300_799) }

    /// A signer that cannot sign real-time requests says so (test doubles).
    public func sign(_ realtimeRequest: RealtimeRequestPayload) throws -> String {
        throw StoreError.backend("\(type(of: self)) does not sign Retention Messaging requests")
    }
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

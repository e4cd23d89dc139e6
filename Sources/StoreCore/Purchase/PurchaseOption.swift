import Foundation

/// An option on a purchase, as StoreKit 2's `Product.PurchaseOption`, including the testing-only
/// options StoreKitTest adds (`simulatesAskToBuyInSandbox`, `codeOffer`, `purchaseDate`...).
public enum PurchaseOption: Sendable, Hashable {
    /// What happens after a backdated purchase: keep renewing up to now, or stop after one period.
    public enum RenewalBehavior: String, Sendable, Hashable, Codable, CaseIterable {
        case renewUntilNow
        case cancelImmediately
    }

    /// How many of a consumable to buy.
    case quantity(Int)
    /// The app's own account identifier, echoed in the transaction.
    case appAccountToken(UUID)
    /// A promotional offer. Without a signature the offer is applied by ID, as in Xcode testing.
    case promotionalOffer(id: String, signature: PromotionalOfferSignature?)
    /// An offer code, by its reference name (StoreKitTest's `codeOffer(referenceName:)`).
    case codeOffer(referenceName: String)
    /// A win-back offer by its offer ID.
    case winBackOffer(id: String)
    /// Overrides the account's introductory-offer eligibility for this purchase.
    case introductoryOfferEligibility(Bool)
    /// The developer's server's word on introductory-offer eligibility for this purchase: a compact
    /// JWS (`aud` "introductory-offer-eligibility") signed by the in-app purchase key, which the
    /// store verifies before it honours its `allowIntroductoryOffer` (StoreKit's
    /// `introductoryOfferEligibility(compactJWS:)`).
    case signedIntroductoryOfferEligibility(compactJWS: String)
    /// A backdated purchase (never in the future).
    case purchaseDate(Date, renewalBehavior: RenewalBehavior)
    /// Which billing plan to buy (v5 catalogs).
    case billingPlanType(BillingPlan.PlanType)
    /// Ask to Buy for this purchase even when the store has it off.
    case simulatesAskToBuy(Bool)
    /// A key that makes retries of the same purchase return the first result.
    case idempotencyKey(String)
}

/// A signed promotional offer, in either of the forms StoreKit accepts.
public enum PromotionalOfferSignature: Sendable, Hashable, Codable {
    /// The legacy form: key ID, nonce, timestamp (ms) and a base64 DER signature over the
    /// U+2063-separated message.
    case legacy(keyID: String, nonce: UUID, timestamp: Int64, signature: String)
    /// The JWS form (`aud` "promotional-offer").
    case jws(String)
}

import Foundation
import StoreCore

/// A purchase, renewal or restore, as StoreKit 2's `Transaction`: the same properties, the same
/// static sequences (`Transaction+Sequences.swift`) and `finish()`.
public struct Transaction: Identifiable, Hashable, Sendable {
    let base: CoreTransaction
    let jws: String
    /// Whether the `VerificationResult` this came in verified (finishing an unverified one is a
    /// mistake Kiosk reports).
    let isVerifiedPayload: Bool

    init(_ base: CoreTransaction, jws: String, verified: Bool) {
        self.base = base
        self.jws = jws
        isVerifiedPayload = verified
    }

    public var id: UInt64 { base.id }
    public var originalID: UInt64 { base.originalID }
    public var webOrderLineItemID: String? { base.webOrderLineItemID }
    public var productID: String { base.productID }
    public var productType: Product.ProductType { Product.ProductType(base.productType) }
    public var subscriptionGroupID: String? { base.subscriptionGroupID }
    public var appBundleID: String { base.appBundleID }
    public var appTransactionID: String { base.appTransactionID }
    public var purchaseDate: Date { base.purchaseDate }
    public var originalPurchaseDate: Date { base.originalPurchaseDate }
    public var expirationDate: Date? { base.expirationDate }
    public var purchasedQuantity: Int { base.purchasedQuantity }
    public var appAccountToken: UUID? { base.appAccountToken }
    public var ownershipType: OwnershipType { OwnershipType(rawValue: base.ownershipType.rawValue) }
    public var signedDate: Date { base.signedDate }
    public var revocationDate: Date? { base.revocationDate }
    public var revocationReason: RevocationReason? {
        base.revocationReason.map { RevocationReason(rawValue: $0.rawValue) }
    }
    public var isUpgraded: Bool { base.isUpgraded }
    public var offer: Offer? { base.offer.map(Offer.init) }
    public var environment: AppStore.Environment { AppStore.Environment(base.environment) }
    public var storefront: Storefront { Storefront(base.storefront) }
    public var storefrontCountryCode: String { base.storefront.countryCode }
    public var reason: Reason { Reason(rawValue: base.reason.rawValue) }
    public var price: Decimal? { base.price }
    /// The ISO 4217 code of `price` (Apple's `currency` is a `Locale.Currency` of the same code).
    public var currencyCode: String? { base.currencyCode }
    /// The transaction's payload as Apple signs it (the JWS's JSON).
    public var jsonRepresentation: Data { VerificationResult.verified(self).payloadData }

    /// Marks the transaction delivered: the app gave the customer what they paid for.
    public func finish() async {
        do {
            try await StoreKitRuntime.shared.finish(self)
        } catch {
            StoreKitRuntime.shared.report(error)
        }
    }

    /// Whether the customer bought the product or has it through Family Sharing.
    public struct OwnershipType: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let purchased = OwnershipType(rawValue: "PURCHASED")
        public static let familyShared = OwnershipType(rawValue: "FAMILY_SHARED")
    }

    /// Why the App Store refunded or revoked the transaction.
    public struct RevocationReason: RawRepresentable, Hashable, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        public static let developerIssue = RevocationReason(rawValue: 1)
        public static let other = RevocationReason(rawValue: 0)
    }

    /// Why the transaction exists.
    public struct Reason: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let purchase = Reason(rawValue: "PURCHASE")
        public static let renewal = Reason(rawValue: "RENEWAL")
    }

    /// The kind of offer applied.
    public struct OfferType: RawRepresentable, Hashable, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        public static let introductory = OfferType(rawValue: 1)
        public static let promotional = OfferType(rawValue: 2)
        public static let code = OfferType(rawValue: 3)
        public static let winBack = OfferType(rawValue: 4)
    }

    /// The offer applied to the transaction.
    public struct Offer: Hashable, Sendable {
        public var type: OfferType
        public var id: String?
        public var paymentMode: PaymentMode?
        public var period: Product.SubscriptionPeriod?

        init(_ offer: CoreTransaction.Offer) {
            type = OfferType(rawValue: offer.type.rawValue)
            id = offer.id
            paymentMode = offer.paymentMode.map(PaymentMode.init)
            period = offer.period.map(Product.SubscriptionPeriod.init)
        }

        public struct PaymentMode: RawRepresentable, Hashable, Sendable {
            public let rawValue: String
            public init(rawValue: String) { self.rawValue = rawValue }
            public static let freeTrial = PaymentMode(rawValue: "FREE_TRIAL")
            public static let payAsYouGo = PaymentMode(rawValue: "PAY_AS_YOU_GO")
            public static let payUpFront = PaymentMode(rawValue: "PAY_UP_FRONT")

            init(_ mode: CoreSubscriptionOffer.PaymentMode) { rawValue = mode.discountType }
        }
    }

}

extension Transaction: SignedPayload {
    var signedJWS: String { jws }
    var payloadSignedDate: Date { base.signedDate }
}

extension VerificationResult where SignedType == Transaction {
    /// StoreCore's verdict (payload, JWS, error) in Apple's shape.
    init(_ result: CoreVerificationResult<CoreTransaction>) {
        switch result {
        case .verified(let transaction, let jws):
            self = .verified(Transaction(transaction, jws: jws, verified: true))
        case .unverified(let transaction, let error, let jws):
            self = .unverified(Transaction(transaction, jws: jws, verified: false), VerificationError(error))
        }
    }
}

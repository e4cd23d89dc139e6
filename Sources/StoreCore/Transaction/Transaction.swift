import Foundation

/// A purchase, renewal or restore record, as StoreKit 2's `Transaction` and Apple's
/// `JWSTransactionDecodedPayload`. Dates carry millisecond precision, the precision of
/// signed payloads, so a transaction survives a round trip through JWS unchanged.
public struct Transaction: Sendable, Hashable, Codable, Identifiable {
    /// Whether the account bought the product or has it through Family Sharing.
    public enum OwnershipType: String, Sendable, Hashable, Codable, CaseIterable {
        case purchased = "PURCHASED"
        case familyShared = "FAMILY_SHARED"
    }

    /// Why the App Store revoked the transaction. Raw values are Apple's integers.
    public enum RevocationReason: Int, Sendable, Hashable, Codable, CaseIterable {
        /// Refunded for another reason (Xcode's refund sheet "Other").
        case other = 0
        /// Refunded because of an issue in the app (Xcode's "Developer issue").
        case developerIssue = 1
    }

    /// How the revocation was applied. Raw values are Apple's strings.
    public enum RevocationType: String, Sendable, Hashable, Codable, CaseIterable {
        case refundFull = "REFUND_FULL"
        case refundProrated = "REFUND_PRORATED"
        case familyRevoke = "FAMILY_REVOKE"
    }

    /// Why the transaction exists: a purchase (including restores and upgrades) or a renewal.
    public enum Reason: String, Sendable, Hashable, Codable, CaseIterable {
        case purchase = "PURCHASE"
        case renewal = "RENEWAL"
    }

    /// The offer applied to the transaction, if any.
    public struct Offer: Sendable, Hashable, Codable {
        public var type: SubscriptionOffer.OfferType
        /// The offer identifier (nil for introductory offers).
        public var id: String?
        public var paymentMode: SubscriptionOffer.PaymentMode?
        public var period: SubscriptionPeriod?

        public init(
            type: SubscriptionOffer.OfferType, id: String?, paymentMode: SubscriptionOffer.PaymentMode?,
            period: SubscriptionPeriod?
        ) {
            self.type = type
            self.id = id
            self.paymentMode = paymentMode
            self.period = period
        }
    }

    public var id: UInt64
    /// The first transaction of this subscription chain (equal to `id` for a first purchase).
    public var originalID: UInt64
    /// Identifies one subscription purchase across devices (subscriptions only).
    public var webOrderLineItemID: String?
    public var productID: String
    public var productType: ProductType
    public var subscriptionGroupID: String?
    public var appBundleID: String
    public var appTransactionID: String
    public var purchaseDate: Date
    public var originalPurchaseDate: Date
    public var expirationDate: Date?
    public var purchasedQuantity: Int
    public var appAccountToken: UUID?
    public var ownershipType: OwnershipType
    /// When the payload was signed.
    public var signedDate: Date
    public var revocationDate: Date?
    public var revocationReason: RevocationReason?
    public var revocationType: RevocationType?
    /// The refunded share in milliunits: 100000 for a full refund, 50000 for half.
    public var revocationPercentage: Int?
    /// True when the customer upgraded to another subscription in the group.
    public var isUpgraded: Bool
    public var offer: Offer?
    public var environment: AppStoreEnvironment
    public var storefront: Storefront
    public var reason: Reason
    /// The price paid, in the storefront's currency.
    public var price: Decimal?
    public var currencyCode: String?
    public var billingPlanType: BillingPlan.PlanType?
    /// Where a monthly-billed plan stands in its twelve-month commitment (Apple's
    /// `TransactionCommitmentInfo`); nil for any other plan.
    public var commitment: Commitment?

    public init(
        id: UInt64, originalID: UInt64, webOrderLineItemID: String? = nil, productID: String,
        productType: ProductType, subscriptionGroupID: String? = nil, appBundleID: String,
        appTransactionID: String, purchaseDate: Date, originalPurchaseDate: Date,
        expirationDate: Date? = nil, purchasedQuantity: Int = 1, appAccountToken: UUID? = nil,
        ownershipType: OwnershipType = .purchased, signedDate: Date, revocationDate: Date? = nil,
        revocationReason: RevocationReason? = nil, revocationType: RevocationType? = nil,
        revocationPercentage: Int? = nil, isUpgraded: Bool = false, offer: Offer? = nil,
        environment: AppStoreEnvironment, storefront: Storefront, reason: Reason = .purchase,
        price: Decimal? = nil, currencyCode: String? = nil, billingPlanType: BillingPlan.PlanType? = nil,
        commitment: Commitment? = nil
    ) {
        self.id = id
        self.originalID = originalID
        self.webOrderLineItemID = webOrderLineItemID
        self.productID = productID
        self.productType = productType
        self.subscriptionGroupID = subscriptionGroupID
        self.appBundleID = appBundleID
        self.appTransactionID = appTransactionID
        self.purchaseDate = purchaseDate
        self.originalPurchaseDate = originalPurchaseDate
        self.expirationDate = expirationDate
        self.purchasedQuantity = purchasedQuantity
        self.appAccountToken = appAccountToken
        self.ownershipType = ownershipType
        self.signedDate = signedDate
        self.revocationDate = revocationDate
        self.revocationReason = revocationReason
        self.revocationType = revocationType
        self.revocationPercentage = revocationPercentage
        self.isUpgraded = isUpgraded
        self.offer = offer
        self.environment = environment
        self.storefront = storefront
        self.reason = reason
        self.price = price
        self.currencyCode = currencyCode
        self.billingPlanType = billingPlanType
        self.commitment = commitment
    }

    /// Whether the transaction was refunded or revoked.
    public var isRevoked: Bool { revocationDate != nil }

    /// Whether the transaction grants access at `date`: not revoked, not upgraded away, and
    /// for subscriptions not past its expiration date.
    public func isActive(at date: Date) -> Bool {
        guard !isRevoked, !isUpgraded else { return false }
        if let expirationDate { return expirationDate > date }
        return true
    }
}

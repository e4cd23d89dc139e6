// Compile-only probes of StoreKit's `Transaction` (see Probes+Product.swift).
import Foundation
import StoreKit

// Symbol: Transaction.updates
// Apple: static var updates: Transaction.Transactions { get }
// https://developer.apple.com/documentation/storekit/transaction/updates
func probeUpdates() -> Task<Void, Never> {
    Task.detached {
        for await result in Transaction.updates {
            if case .verified(let transaction) = result { await transaction.finish() }
        }
    }
}

// Symbol: Transaction.all
// Apple: static var all: Transaction.Transactions { get }
// https://developer.apple.com/documentation/storekit/transaction/all
func probeAll() async -> [UInt64] {
    var ids: [UInt64] = []
    for await result in Transaction.all { ids.append(result.unsafePayloadValue.id) }
    return ids
}

// Symbol: Transaction.all(for:)
// Apple: static func all(for productID: String) -> Transaction.Transactions
// https://developer.apple.com/documentation/storekit/transaction/all(for:)
func probeAllFor() async -> Int {
    var count = 0
    for await _ in Transaction.all(for: "com.example.pro") { count += 1 }
    return count
}

// Symbol: Transaction.currentEntitlements
// Apple: static var currentEntitlements: Transaction.Transactions { get }
// https://developer.apple.com/documentation/storekit/transaction/currententitlements
func probeCurrentEntitlements() async -> Set<String> {
    var owned: Set<String> = []
    for await case .verified(let transaction) in Transaction.currentEntitlements {
        owned.insert(transaction.productID)
    }
    return owned
}

// Symbol: Transaction.currentEntitlements(for:)
// Apple: static func currentEntitlements(for productID: String) -> Transaction.Transactions
// https://developer.apple.com/documentation/storekit/transaction/currententitlements(for:)
func probeCurrentEntitlementsFor() async -> Int {
    var count = 0
    for await _ in Transaction.currentEntitlements(for: "com.example.pro") { count += 1 }
    return count
}

// Symbol: Transaction.currentEntitlement(for:)
// Apple: static func currentEntitlement(for productID: String) async -> VerificationResult<Transaction>?
// https://developer.apple.com/documentation/storekit/transaction/currententitlement(for:)
func probeCurrentEntitlementFor() async -> VerificationResult<Transaction>? {
    await Transaction.currentEntitlement(for: "com.example.pro")
}

// Symbol: Transaction.unfinished
// Apple: static var unfinished: Transaction.Transactions { get }
// https://developer.apple.com/documentation/storekit/transaction/unfinished
func probeUnfinished() async {
    for await case .verified(let transaction) in Transaction.unfinished { await transaction.finish() }
}

// Symbol: Transaction.latest(for:)
// Apple: static func latest(for productID: String) async -> VerificationResult<Transaction>?
// https://developer.apple.com/documentation/storekit/transaction/latest(for:)
func probeLatestFor() async -> VerificationResult<Transaction>? {
    await Transaction.latest(for: "com.example.pro")
}

// Symbol: Transaction.finish()
// Apple: func finish() async
// https://developer.apple.com/documentation/storekit/transaction/finish()
func probeFinish(_ transaction: Transaction) async { await transaction.finish() }

// Symbol: Transaction.subscriptionStatus
// Apple: var subscriptionStatus: Product.SubscriptionInfo.Status? { get async }
// https://developer.apple.com/documentation/storekit/transaction/subscriptionstatus
func probeTransactionSubscriptionStatus(_ transaction: Transaction) async -> Product.SubscriptionInfo
    .RenewalState?
{
    await transaction.subscriptionStatus?.state
}

// Symbol: Transaction.id
// Apple: let id: UInt64
// https://developer.apple.com/documentation/storekit/transaction/id
func probeTransactionID(_ t: Transaction) -> UInt64 { t.id }

// Symbol: Transaction.originalID
// Apple: let originalID: UInt64
// https://developer.apple.com/documentation/storekit/transaction/originalid
func probeOriginalID(_ t: Transaction) -> UInt64 { t.originalID }

// Symbol: Transaction.webOrderLineItemID
// Apple: let webOrderLineItemID: String?
// https://developer.apple.com/documentation/storekit/transaction/weborderlineitemid
func probeWebOrderLineItemID(_ t: Transaction) -> String? { t.webOrderLineItemID }

// Symbol: Transaction.productID
// Apple: let productID: String
// https://developer.apple.com/documentation/storekit/transaction/productid
func probeTransactionProductID(_ t: Transaction) -> String { t.productID }

// Symbol: Transaction.productType
// Apple: let productType: Product.ProductType
// https://developer.apple.com/documentation/storekit/transaction/producttype
func probeTransactionProductType(_ t: Transaction) -> Product.ProductType { t.productType }

// Symbol: Transaction.subscriptionGroupID
// Apple: let subscriptionGroupID: String?
// https://developer.apple.com/documentation/storekit/transaction/subscriptiongroupid
func probeSubscriptionGroupID(_ t: Transaction) -> String? { t.subscriptionGroupID }

// Symbol: Transaction.appBundleID
// Apple: let appBundleID: String
// https://developer.apple.com/documentation/storekit/transaction/appbundleid
func probeAppBundleID(_ t: Transaction) -> String { t.appBundleID }

// Symbol: Transaction.appTransactionID
// Apple: var appTransactionID: String { get }
// https://developer.apple.com/documentation/storekit/transaction/apptransactionid
func probeTransactionAppTransactionID(_ t: Transaction) -> String { t.appTransactionID }

// Symbol: Transaction.purchaseDate
// Apple: let purchaseDate: Date
// https://developer.apple.com/documentation/storekit/transaction/purchasedate
func probePurchaseDate(_ t: Transaction) -> Date { t.purchaseDate }

// Symbol: Transaction.originalPurchaseDate
// Apple: let originalPurchaseDate: Date
// https://developer.apple.com/documentation/storekit/transaction/originalpurchasedate
func probeOriginalPurchaseDate(_ t: Transaction) -> Date { t.originalPurchaseDate }

// Symbol: Transaction.expirationDate
// Apple: let expirationDate: Date?
// https://developer.apple.com/documentation/storekit/transaction/expirationdate
func probeExpirationDate(_ t: Transaction) -> Date? { t.expirationDate }

// Symbol: Transaction.purchasedQuantity
// Apple: let purchasedQuantity: Int
// https://developer.apple.com/documentation/storekit/transaction/purchasedquantity
func probePurchasedQuantity(_ t: Transaction) -> Int { t.purchasedQuantity }

// Symbol: Transaction.appAccountToken
// Apple: let appAccountToken: UUID?
// https://developer.apple.com/documentation/storekit/transaction/appaccounttoken
func probeAppAccountToken(_ t: Transaction) -> UUID? { t.appAccountToken }

// Symbol: Transaction.ownershipType
// Apple: let ownershipType: Transaction.OwnershipType
// https://developer.apple.com/documentation/storekit/transaction/ownershiptype-swift.property
func probeOwnershipType(_ t: Transaction) -> Bool {
    t.ownershipType == .familyShared || t.ownershipType == .purchased
}

// Symbol: Transaction.OwnershipType.localizedDescription
// Apple: var localizedDescription: String { get }
// https://developer.apple.com/documentation/storekit/transaction/ownershiptype-swift.struct/localizeddescription
func probeOwnershipTypeDescription(_ t: Transaction) -> String { t.ownershipType.localizedDescription }

// Symbol: Transaction.signedDate
// Apple: let signedDate: Date
// https://developer.apple.com/documentation/storekit/transaction/signeddate
func probeTransactionSignedDate(_ t: Transaction) -> Date { t.signedDate }

// Symbol: Transaction.revocationDate
// Apple: let revocationDate: Date?
// https://developer.apple.com/documentation/storekit/transaction/revocationdate
func probeRevocationDate(_ t: Transaction) -> Date? { t.revocationDate }

// Symbol: Transaction.revocationReason
// Apple: let revocationReason: Transaction.RevocationReason?
// https://developer.apple.com/documentation/storekit/transaction/revocationreason-swift.property
func probeRevocationReason(_ t: Transaction) -> Bool {
    t.revocationReason == .developerIssue || t.revocationReason == .other
}

// Symbol: Transaction.RevocationReason.localizedDescription
// Apple: var localizedDescription: String { get }
// https://developer.apple.com/documentation/storekit/transaction/revocationreason-swift.struct/localizeddescription
func probeRevocationReasonDescription(_ t: Transaction) -> String? {
    t.revocationReason?.localizedDescription
}

// Symbol: Transaction.isUpgraded
// Apple: let isUpgraded: Bool
// https://developer.apple.com/documentation/storekit/transaction/isupgraded
func probeIsUpgraded(_ t: Transaction) -> Bool { t.isUpgraded }

// Symbol: Transaction.offer
// Apple: let offer: Transaction.Offer?
// https://developer.apple.com/documentation/storekit/transaction/offer-swift.property
func probeOffer(_ t: Transaction) -> (
    Transaction.OfferType, String?, Transaction.Offer.PaymentMode?, Product.SubscriptionPeriod?
)? {
    t.offer.map { ($0.type, $0.id, $0.paymentMode, $0.period) }
}

// Symbol: Transaction.OfferType.localizedDescription
// Apple: var localizedDescription: String { get }
// https://developer.apple.com/documentation/storekit/transaction/offertype-swift.struct/localizeddescription
func probeOfferTypeDescription(_ t: Transaction) -> String? { t.offer?.type.localizedDescription }

// Symbol: Transaction.Offer.PaymentMode.localizedDescription
// Apple: var localizedDescription: String { get }
// https://developer.apple.com/documentation/storekit/transaction/offer-swift.struct/paymentmode-swift.struct/localizeddescription
func probeOfferPaymentModeDescription(_ t: Transaction) -> String? {
    t.offer?.paymentMode?.localizedDescription
}

// Symbol: Transaction.offerType
// Apple: var offerType: Transaction.OfferType? { get } (deprecated: use offer)
// https://developer.apple.com/documentation/storekit/transaction/offertype-swift.property
@available(*, deprecated)
func probeDeprecatedOfferType(_ t: Transaction) -> Transaction.OfferType? { t.offerType }

// Symbol: Transaction.offerID
// Apple: var offerID: String? { get } (deprecated: use offer)
// https://developer.apple.com/documentation/storekit/transaction/offerid
@available(*, deprecated)
func probeDeprecatedOfferID(_ t: Transaction) -> String? { t.offerID }

// Symbol: Transaction.offerPaymentModeStringRepresentation
// Apple: var offerPaymentModeStringRepresentation: String? { get } (deprecated: use offer)
// https://developer.apple.com/documentation/storekit/transaction/offerpaymentmodestringrepresentation
@available(*, deprecated)
func probeDeprecatedOfferPaymentMode(_ t: Transaction) -> String? { t.offerPaymentModeStringRepresentation }

// Symbol: Transaction.offerPeriodStringRepresentation
// Apple: var offerPeriodStringRepresentation: String? { get } (deprecated: use offer)
// https://developer.apple.com/documentation/storekit/transaction/offerperiodstringrepresentation
@available(*, deprecated)
func probeDeprecatedOfferPeriod(_ t: Transaction) -> String? { t.offerPeriodStringRepresentation }

// Symbol: Transaction.environment
// Apple: let environment: AppStore.Environment
// https://developer.apple.com/documentation/storekit/transaction/environment-swift.property
func probeEnvironment(_ t: Transaction) -> Bool {
    t.environment == .sandbox || t.environment == .xcode || t.environment == .production
}

// Symbol: Transaction.storefront
// Apple: let storefront: Storefront
// https://developer.apple.com/documentation/storekit/transaction/storefront
func probeTransactionStorefront(_ t: Transaction) -> String { t.storefront.countryCode }

// Symbol: Transaction.storefrontCountryCode
// Apple: let storefrontCountryCode: String
// https://developer.apple.com/documentation/storekit/transaction/storefrontcountrycode
func probeStorefrontCountryCode(_ t: Transaction) -> String { t.storefrontCountryCode }

// Symbol: Transaction.reason
// Apple: let reason: Transaction.Reason
// https://developer.apple.com/documentation/storekit/transaction/reason-swift.property
func probeReason(_ t: Transaction) -> Bool { t.reason == .renewal || t.reason == .purchase }

// Symbol: Transaction.price
// Apple: let price: Decimal?
// https://developer.apple.com/documentation/storekit/transaction/price
func probeTransactionPrice(_ t: Transaction) -> Decimal? { t.price }

// Symbol: Transaction.currency
// Apple: var currency: Locale.Currency? { get }
// https://developer.apple.com/documentation/storekit/transaction/currency
func probeTransactionCurrency(_ t: Transaction) -> String? { t.currency?.identifier }

// Symbol: Transaction.jsonRepresentation
// Apple: var jsonRepresentation: Data { get }
// https://developer.apple.com/documentation/storekit/transaction/jsonrepresentation
func probeTransactionJSON(_ t: Transaction) -> Data { t.jsonRepresentation }

// Symbol: Transaction.debugDescription
// Apple: var debugDescription: String { get }
// https://developer.apple.com/documentation/storekit/transaction/debugdescription
func probeTransactionDebugDescription(_ t: Transaction) -> String { t.debugDescription }

// Symbol: Transaction.deviceVerification
// Apple: let deviceVerification: Data
// https://developer.apple.com/documentation/storekit/transaction/deviceverification
func probeTransactionDeviceVerification(_ t: Transaction) -> Data { t.deviceVerification }

// Symbol: Transaction.deviceVerificationNonce
// Apple: let deviceVerificationNonce: UUID
// https://developer.apple.com/documentation/storekit/transaction/deviceverificationnonce
func probeTransactionDeviceVerificationNonce(_ t: Transaction) -> UUID { t.deviceVerificationNonce }

// Symbol: Transaction.advancedCommerceInfo
// Apple: let advancedCommerceInfo: Transaction.AdvancedCommerceInfo?
// https://developer.apple.com/documentation/storekit/transaction/advancedcommerceinfo-swift.property
func probeTransactionAdvancedCommerceInfo(_ t: Transaction) -> Bool { t.advancedCommerceInfo == nil }

// Symbol: Transaction.billingPlanType
// Apple: let billingPlanType: SubscriptionInfo.BillingPlanType?
// https://developer.apple.com/documentation/storekit/transaction/billingplantype
func probeTransactionBillingPlanType(_ t: Transaction) -> Bool { t.billingPlanType == .monthly }

// Symbol: Transaction.commitmentInfo
// Apple: let commitmentInfo: Transaction.CommitmentInfo?
// https://developer.apple.com/documentation/storekit/transaction/commitmentinfo-swift.property
func probeTransactionCommitmentInfo(_ t: Transaction) -> (UInt64, UInt64, Date, Decimal)? {
    t.commitmentInfo.map { ($0.billingPeriodNumber, $0.totalBillingPeriods, $0.expirationDate, $0.price) }
}

// Symbol: Transaction.RefundRequestError
// Apple: enum RefundRequestError { case duplicateRequest, case failed }
// https://developer.apple.com/documentation/storekit/transaction/refundrequesterror
func probeRefundRequestError(_ error: any Error) -> Bool {
    switch error as? Transaction.RefundRequestError {
    case .duplicateRequest, .failed: true
    default: false
    }
}

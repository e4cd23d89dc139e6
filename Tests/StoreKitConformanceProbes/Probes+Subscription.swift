// Compile-only probes of StoreKit's subscription types (see Probes+Product.swift).
import Foundation
import StoreKit

// Symbol: Product.SubscriptionInfo.subscriptionGroupID
// Apple: let subscriptionGroupID: String
// https://developer.apple.com/documentation/storekit/product/subscriptioninfo/subscriptiongroupid
func probeGroupID(_ info: Product.SubscriptionInfo) -> String { info.subscriptionGroupID }

// Symbol: Product.SubscriptionInfo.groupDisplayName
// Apple: var groupDisplayName: String { get }
// https://developer.apple.com/documentation/storekit/product/subscriptioninfo/groupdisplayname
func probeGroupDisplayName(_ info: Product.SubscriptionInfo) -> String { info.groupDisplayName }

// Symbol: Product.SubscriptionInfo.groupLevel
// Apple: var groupLevel: Int { get }
// https://developer.apple.com/documentation/storekit/product/subscriptioninfo/grouplevel
func probeGroupLevel(_ info: Product.SubscriptionInfo) -> Int { info.groupLevel }

// Symbol: Product.SubscriptionInfo.subscriptionPeriod
// Apple: let subscriptionPeriod: Product.SubscriptionPeriod
// https://developer.apple.com/documentation/storekit/product/subscriptioninfo/subscriptionperiod
func probeSubscriptionPeriod(_ info: Product.SubscriptionInfo) -> Product.SubscriptionPeriod {
    info.subscriptionPeriod
}

// Symbol: Product.SubscriptionInfo.introductoryOffer
// Apple: let introductoryOffer: Product.SubscriptionOffer?
// https://developer.apple.com/documentation/storekit/product/subscriptioninfo/introductoryoffer
func probeIntroductoryOffer(_ info: Product.SubscriptionInfo) -> Product.SubscriptionOffer? {
    info.introductoryOffer
}

// Symbol: Product.SubscriptionInfo.promotionalOffers
// Apple: let promotionalOffers: [Product.SubscriptionOffer]
// https://developer.apple.com/documentation/storekit/product/subscriptioninfo/promotionaloffers
func probePromotionalOffers(_ info: Product.SubscriptionInfo) -> [Product.SubscriptionOffer] {
    info.promotionalOffers
}

// Symbol: Product.SubscriptionInfo.winBackOffers
// Apple: let winBackOffers: [Product.SubscriptionOffer]
// https://developer.apple.com/documentation/storekit/product/subscriptioninfo/winbackoffers
func probeWinBackOffers(_ info: Product.SubscriptionInfo) -> [Product.SubscriptionOffer] {
    info.winBackOffers
}

// Symbol: Product.SubscriptionInfo.isEligibleForIntroOffer
// Apple: var isEligibleForIntroOffer: Bool { get async }
// https://developer.apple.com/documentation/storekit/product/subscriptioninfo/iseligibleforintrooffer
func probeIsEligible(_ info: Product.SubscriptionInfo) async -> Bool { await info.isEligibleForIntroOffer }

// Symbol: Product.SubscriptionInfo.isEligibleForIntroOffer(for:)
// Apple: static func isEligibleForIntroOffer(for groupID: String) async -> Bool
// https://developer.apple.com/documentation/storekit/product/subscriptioninfo/iseligibleforintrooffer(for:)
func probeIsEligibleFor() async -> Bool {
    await Product.SubscriptionInfo.isEligibleForIntroOffer(for: "group")
}

// Symbol: Product.SubscriptionInfo.status
// Apple: var status: [Product.SubscriptionInfo.Status] { get async throws }
// https://developer.apple.com/documentation/storekit/product/subscriptioninfo/status-swift.property
func probeStatus(_ info: Product.SubscriptionInfo) async throws -> [Product.SubscriptionInfo.Status] {
    try await info.status
}

// Symbol: Product.SubscriptionInfo.status(for:)
// Apple: static func status(for groupID: String) async throws -> [Product.SubscriptionInfo.Status]
// https://developer.apple.com/documentation/storekit/product/subscriptioninfo/status(for:)
func probeStatusFor() async throws -> Int { try await Product.SubscriptionInfo.status(for: "group").count }

// Symbol: Product.SubscriptionInfo.status(transactionID:)
// Apple: static func status(transactionID: UInt64) async throws -> SubscriptionStatus?
// https://developer.apple.com/documentation/storekit/product/subscriptioninfo/status(transactionid:)
func probeStatusTransactionID() async throws -> SubscriptionStatus? {
    try await Product.SubscriptionInfo.status(transactionID: 2_000_000_001)
}

// Symbol: Product.SubscriptionInfo.pricingTerms
// Apple: let pricingTerms: [Product.SubscriptionInfo.PricingTerms]
// https://developer.apple.com/documentation/storekit/product/subscriptioninfo/pricingterms-swift.property
func probePricingTerms(_ info: Product.SubscriptionInfo) -> [Product.SubscriptionInfo.PricingTerms] {
    info.pricingTerms
}

// Symbol: Product.SubscriptionInfo.PricingTerms
// Apple: struct PricingTerms { let billingPlanType, billingPrice, billingDisplayPrice, billingPeriod, commitmentInfo, subscriptionOffers; subscript(offers:) }
// https://developer.apple.com/documentation/storekit/product/subscriptioninfo/pricingterms-swift.struct
func probePricingTermsMembers(_ terms: Product.SubscriptionInfo.PricingTerms) -> String {
    let monthly = terms.billingPlanType == .monthly || terms.billingPlanType == .upFront
    let commitment = terms.commitmentInfo
    let offers = terms.subscriptionOffers.count + terms[offers: .introductory].count
    return "\(monthly) \(terms.billingPrice) \(terms.billingDisplayPrice) \(terms.billingPeriod.value) "
        + "\(commitment.price) \(commitment.displayPrice) \(commitment.period.unit) \(offers)"
}

// Symbol: Product.SubscriptionInfo.BillingPeriod
// Apple: typealias BillingPeriod = SubscriptionPeriod
// https://developer.apple.com/documentation/storekit/product/subscriptioninfo/billingperiod
func probeBillingPeriod(_ period: Product.SubscriptionInfo.BillingPeriod) -> Product.SubscriptionPeriod {
    period
}

// Symbol: Product.SubscriptionInfo.Status.updates
// Apple: static var updates: Product.SubscriptionInfo.Status.Statuses { get }
// https://developer.apple.com/documentation/storekit/product/subscriptioninfo/status-swift.struct/updates
func probeStatusUpdates() -> Task<Void, Never> {
    Task {
        for await status in Product.SubscriptionInfo.Status.updates where status.state == .revoked { break }
    }
}

// Symbol: Product.SubscriptionInfo.Status.Statuses
// Apple: struct Statuses: AsyncSequence
// https://developer.apple.com/documentation/storekit/product/subscriptioninfo/status-swift.struct/statuses
func probeStatuses(_ statuses: Product.SubscriptionInfo.Status.Statuses) async -> Product.SubscriptionInfo
    .Status?
{
    var iterator = statuses.makeAsyncIterator()
    return await iterator.next()
}

// Symbol: Product.SubscriptionInfo.Status.all
// Apple: static var all: AsyncStream<(groupID: String, statuses: [Product.SubscriptionInfo.Status])> { get }
// https://developer.apple.com/documentation/storekit/product/subscriptioninfo/status-swift.struct/all
func probeStatusAll() async -> [String] {
    var groups: [String] = []
    for await (groupID, statuses) in Product.SubscriptionInfo.Status.all where !statuses.isEmpty {
        groups.append(groupID)
    }
    return groups
}

// Symbol: Product.SubscriptionInfo.Status
// Apple: let state: RenewalState; let transaction: VerificationResult<Transaction>; let renewalInfo: VerificationResult<RenewalInfo>
// https://developer.apple.com/documentation/storekit/product/subscriptioninfo/status-swift.struct
func probeStatusMembers(_ status: Product.SubscriptionInfo.Status) throws -> (
    Transaction, Product.SubscriptionInfo.RenewalInfo
) {
    _ = status.state
    return (try status.transaction.payloadValue, try status.renewalInfo.payloadValue)
}

// Symbol: Product.SubscriptionInfo.RenewalState
// Apple: static let subscribed, expired, inBillingRetryPeriod, inGracePeriod, revoked
// https://developer.apple.com/documentation/storekit/product/subscriptioninfo/renewalstate
func probeRenewalState(_ state: Product.SubscriptionInfo.RenewalState) -> Bool {
    switch state {
    case .subscribed, .inGracePeriod, .inBillingRetryPeriod: true
    case .expired, .revoked: false
    default: false
    }
}

// Symbol: Product.SubscriptionInfo.RenewalState.localizedDescription
// Apple: var localizedDescription: String { get }
// https://developer.apple.com/documentation/storekit/product/subscriptioninfo/renewalstate/localizeddescription
func probeRenewalStateDescription(_ state: Product.SubscriptionInfo.RenewalState) -> String {
    state.localizedDescription
}

// Symbol: Product.SubscriptionInfo.RenewalInfo
// Apple: originalTransactionID, currentProductID, willAutoRenew, autoRenewPreference, expirationReason, isInBillingRetry, gracePeriodExpirationDate, priceIncreaseStatus, offer, signedDate, environment, renewalDate, renewalPrice, eligibleWinBackOfferIDs, appAccountToken, appTransactionID, jsonRepresentation
// https://developer.apple.com/documentation/storekit/product/subscriptioninfo/renewalinfo
func probeRenewalInfoMembers(_ info: Product.SubscriptionInfo.RenewalInfo) -> String {
    let dates = [info.gracePeriodExpirationDate, info.renewalDate, info.signedDate].compactMap { $0 }
    return "\(info.originalTransactionID) \(info.currentProductID) \(info.willAutoRenew) "
        + "\(info.autoRenewPreference ?? "") \(info.isInBillingRetry) \(dates.count) "
        + "\(info.offer?.type.rawValue ?? 0) \(info.environment.rawValue) \(info.renewalPrice ?? 0) "
        + "\(info.eligibleWinBackOfferIDs) \(info.appAccountToken?.uuidString ?? "") \(info.appTransactionID) "
        + "\(info.jsonRepresentation.count) \(info.priceIncreaseStatus == .agreed)"
}

// Symbol: Product.SubscriptionInfo.RenewalInfo.recentSubscriptionStartDate
// Apple: let recentSubscriptionStartDate: Date
// https://developer.apple.com/documentation/storekit/product/subscriptioninfo/renewalinfo/recentsubscriptionstartdate
func probeRecentStart(_ info: Product.SubscriptionInfo.RenewalInfo) -> Date {
    info.recentSubscriptionStartDate
}

// Symbol: Product.SubscriptionInfo.RenewalInfo.currency
// Apple: var currency: Locale.Currency? { get }
// https://developer.apple.com/documentation/storekit/product/subscriptioninfo/renewalinfo/currency
func probeRenewalCurrency(_ info: Product.SubscriptionInfo.RenewalInfo) -> Locale.Currency? { info.currency }

// Symbol: Product.SubscriptionInfo.RenewalInfo.ExpirationReason
// Apple: static let autoRenewDisabled, billingError, didNotConsentToPriceIncrease, productUnavailable, unknown
// https://developer.apple.com/documentation/storekit/product/subscriptioninfo/renewalinfo/expirationreason-swift.struct
func probeExpirationReason(_ info: Product.SubscriptionInfo.RenewalInfo) -> String? {
    guard let reason = info.expirationReason else { return nil }
    switch reason {
    case .autoRenewDisabled, .billingError, .didNotConsentToPriceIncrease, .productUnavailable, .unknown:
        return reason.localizedDescription
    default: return nil
    }
}

// Symbol: Product.SubscriptionInfo.RenewalInfo.deviceVerification
// Apple: let deviceVerification: Data
// https://developer.apple.com/documentation/storekit/product/subscriptioninfo/renewalinfo/deviceverification
func probeRenewalDeviceVerification(_ info: Product.SubscriptionInfo.RenewalInfo) -> Data {
    info.deviceVerification
}

// Symbol: Product.SubscriptionInfo.RenewalInfo.deviceVerificationNonce
// Apple: let deviceVerificationNonce: UUID
// https://developer.apple.com/documentation/storekit/product/subscriptioninfo/renewalinfo/deviceverificationnonce
func probeRenewalDeviceVerificationNonce(_ info: Product.SubscriptionInfo.RenewalInfo) -> UUID {
    info.deviceVerificationNonce
}

// Symbol: Product.SubscriptionInfo.RenewalInfo.debugDescription
// Apple: var debugDescription: String { get }
// https://developer.apple.com/documentation/storekit/product/subscriptioninfo/renewalinfo/debugdescription
func probeRenewalDebugDescription(_ info: Product.SubscriptionInfo.RenewalInfo) -> String {
    info.debugDescription
}

// Symbol: Product.SubscriptionInfo.RenewalInfo.advancedCommerceInfo
// Apple: let advancedCommerceInfo: Product.SubscriptionInfo.RenewalInfo.AdvancedCommerceInfo?
// https://developer.apple.com/documentation/storekit/product/subscriptioninfo/renewalinfo/advancedcommerceinfo-swift.property
func probeRenewalAdvancedCommerce(_ info: Product.SubscriptionInfo.RenewalInfo) -> Bool {
    info.advancedCommerceInfo == nil
}

// Symbol: Product.SubscriptionInfo.RenewalInfo.renewalBillingPlanType
// Apple: let renewalBillingPlanType: SubscriptionInfo.BillingPlanType?
// https://developer.apple.com/documentation/storekit/product/subscriptioninfo/renewalinfo/renewalbillingplantype
func probeRenewalBillingPlanType(_ info: Product.SubscriptionInfo.RenewalInfo) -> Bool {
    info.renewalBillingPlanType == .upFront
}

// Symbol: Product.SubscriptionInfo.RenewalInfo.commitmentInfo
// Apple: let commitmentInfo: Product.SubscriptionInfo.RenewalInfo.CommitmentInfo?
// https://developer.apple.com/documentation/storekit/product/subscriptioninfo/renewalinfo/commitmentinfo-swift.property
func probeRenewalCommitmentInfo(_ info: Product.SubscriptionInfo.RenewalInfo) -> String? {
    info.commitmentInfo.map {
        "\($0.autoRenewPreference) \($0.willAutoRenew) \($0.renewalBillingPlanType.rawValue) \($0.renewalDate) \($0.renewalPrice)"
    }
}

// Symbol: Product.SubscriptionInfo.RenewalInfo.offerType
// Apple: var offerType: Transaction.OfferType? { get } (deprecated: use offer)
// https://developer.apple.com/documentation/storekit/product/subscriptioninfo/renewalinfo/offertype
@available(*, deprecated)
func probeRenewalOfferType(_ info: Product.SubscriptionInfo.RenewalInfo) -> Transaction.OfferType? {
    info.offerType
}

// Symbol: Product.SubscriptionInfo.RenewalInfo.offerID
// Apple: var offerID: String? { get } (deprecated: use offer)
// https://developer.apple.com/documentation/storekit/product/subscriptioninfo/renewalinfo/offerid
@available(*, deprecated)
func probeRenewalOfferID(_ info: Product.SubscriptionInfo.RenewalInfo) -> String? { info.offerID }

// Symbol: Product.SubscriptionInfo.RenewalInfo.offerPaymentModeStringRepresentation
// Apple: var offerPaymentModeStringRepresentation: String? { get } (deprecated: use offer)
// https://developer.apple.com/documentation/storekit/product/subscriptioninfo/renewalinfo/offerpaymentmodestringrepresentation
@available(*, deprecated)
func probeRenewalOfferPaymentMode(_ info: Product.SubscriptionInfo.RenewalInfo) -> String? {
    info.offerPaymentModeStringRepresentation
}

// Symbol: Product.SubscriptionInfo.RenewalInfo.offerPeriodStringRepresentation
// Apple: var offerPeriodStringRepresentation: String? { get } (deprecated: use offer)
// https://developer.apple.com/documentation/storekit/product/subscriptioninfo/renewalinfo/offerperiodstringrepresentation
@available(*, deprecated)
func probeRenewalOfferPeriod(_ info: Product.SubscriptionInfo.RenewalInfo) -> String? {
    info.offerPeriodStringRepresentation
}

// Symbol: Product.SubscriptionPeriod
// Apple: let value: Int; let unit: Product.SubscriptionPeriod.Unit; static var weekly, monthly, yearly, everyThreeDays, everyTwoWeeks, everyTwoMonths, everyThreeMonths, everySixMonths
// https://developer.apple.com/documentation/storekit/product/subscriptionperiod
func probeSubscriptionPeriodMembers(_ period: Product.SubscriptionPeriod) -> Bool {
    let known: [Product.SubscriptionPeriod] = [
        .everyThreeDays, .weekly, .everyTwoWeeks, .monthly, .everyTwoMonths, .everyThreeMonths,
        .everySixMonths, .yearly,
    ]
    return known.contains(period) && period.value > 0 && period.unit == .month
}

// Symbol: Product.SubscriptionPeriod.Unit.localizedDescription
// Apple: var localizedDescription: String { get }
// https://developer.apple.com/documentation/storekit/product/subscriptionperiod/unit-swift.enum/localizeddescription
func probeUnitDescription(_ unit: Product.SubscriptionPeriod.Unit) -> String { unit.localizedDescription }

// Symbol: Product.SubscriptionPeriod.debugDescription
// Apple: var debugDescription: String { get }
// https://developer.apple.com/documentation/storekit/product/subscriptionperiod/debugdescription
func probePeriodDebugDescription(_ period: Product.SubscriptionPeriod) -> String { period.debugDescription }

// Symbol: Product.SubscriptionPeriod.dateRange(referenceDate:)
// Apple: func dateRange(referenceDate: Date = .now) -> Range<Date>
// https://developer.apple.com/documentation/storekit/product/subscriptionperiod/daterange(referencedate:)
func probeDateRange(_ period: Product.SubscriptionPeriod) -> Range<Date> { period.dateRange() }

// Symbol: Product.SubscriptionOffer
// Apple: let id: String?; let type: OfferType; let price: Decimal; let displayPrice: String; let period: SubscriptionPeriod; let periodCount: Int; let paymentMode: PaymentMode
// https://developer.apple.com/documentation/storekit/product/subscriptionoffer
func probeSubscriptionOfferMembers(_ offer: Product.SubscriptionOffer) -> String {
    "\(offer.id ?? "") \(offer.type.rawValue) \(offer.price) \(offer.displayPrice) \(offer.period.value) "
        + "\(offer.periodCount) \(offer.paymentMode == .freeTrial || offer.paymentMode == .payAsYouGo || offer.paymentMode == .payUpFront)"
}

// Symbol: Product.SubscriptionOffer.OfferType.localizedDescription
// Apple: var localizedDescription: String { get }
// https://developer.apple.com/documentation/storekit/product/subscriptionoffer/offertype/localizeddescription
func probeSubscriptionOfferTypeDescription(_ offer: Product.SubscriptionOffer) -> String {
    [Product.SubscriptionOffer.OfferType.introductory, .promotional, .winBack].contains(offer.type)
        ? offer.type.localizedDescription : ""
}

// Symbol: Product.SubscriptionOffer.PaymentMode.localizedDescription
// Apple: var localizedDescription: String { get }
// https://developer.apple.com/documentation/storekit/product/subscriptionoffer/paymentmode/localizeddescription
func probeSubscriptionOfferPaymentModeDescription(_ offer: Product.SubscriptionOffer) -> String {
    offer.paymentMode.localizedDescription
}

// Symbol: Product.SubscriptionOffer.Signature
// Apple: init(keyID: String, nonce: UUID, timestamp: Int, signature: Data)
// https://developer.apple.com/documentation/storekit/product/subscriptionoffer/signature
func probeOfferSignature() -> Product.SubscriptionOffer.Signature {
    Product.SubscriptionOffer.Signature(
        keyID: "KEY", nonce: UUID(), timestamp: 1_700_000_000_000, signature: Data())
}

// Symbol: SubscriptionInfo
// Apple: typealias SubscriptionInfo = Product.SubscriptionInfo
// https://developer.apple.com/documentation/storekit/subscriptioninfo
func probeTypealiasSubscriptionInfo(_ info: SubscriptionInfo) -> Product.SubscriptionInfo { info }

// Symbol: SubscriptionStatus
// Apple: typealias SubscriptionStatus = Product.SubscriptionInfo.Status
// https://developer.apple.com/documentation/storekit/subscriptionstatus
func probeTypealiasSubscriptionStatus(_ status: SubscriptionStatus) -> Product.SubscriptionInfo.Status {
    status
}

// Symbol: SubscriptionRenewalInfo
// Apple: typealias SubscriptionRenewalInfo = Product.SubscriptionInfo.RenewalInfo
// https://developer.apple.com/documentation/storekit/subscriptionrenewalinfo
func probeTypealiasRenewalInfo(_ info: SubscriptionRenewalInfo) -> Product.SubscriptionInfo.RenewalInfo {
    info
}

// Symbol: SubscriptionRenewalState
// Apple: typealias SubscriptionRenewalState = Product.SubscriptionInfo.RenewalState
// https://developer.apple.com/documentation/storekit/subscriptionrenewalstate
func probeTypealiasRenewalState(_ state: SubscriptionRenewalState) -> Product.SubscriptionInfo.RenewalState {
    state
}

// Symbol: SubscriptionPeriod
// Apple: typealias SubscriptionPeriod = Product.SubscriptionPeriod
// https://developer.apple.com/documentation/storekit/subscriptionperiod
func probeTypealiasPeriod(_ period: SubscriptionPeriod) -> Product.SubscriptionPeriod { period }

// Symbol: Product.SubscriptionPeriod.formatted(_:referenceDate:)
// Apple: func formatted<S>(_ format: S, referenceDate: Date = .now) -> S.FormatOutput where S : FormatStyle, S.FormatInput == Range<Date>
// https://developer.apple.com/documentation/storekit/product/subscriptionperiod/formatted(_:referencedate:)-3t7wd
func probePeriodFormattedRange<S: FormatStyle>(_ period: Product.SubscriptionPeriod, _ style: S)
    -> S.FormatOutput
where S.FormatInput == Range<Date> {
    period.formatted(style)
}

// Symbol: Product.SubscriptionPeriod.formatted(_:referenceDate:) (Duration)
// Apple: func formatted<S>(_ format: S, referenceDate: Date = .now) -> S.FormatOutput where S : FormatStyle, S.FormatInput == Duration
// https://developer.apple.com/documentation/storekit/product/subscriptionperiod/formatted(_:referencedate:)-8s3ar
func probePeriodFormattedDuration(_ period: Product.SubscriptionPeriod) -> String {
    period.formatted(.units(allowed: [.hours]), referenceDate: Date(timeIntervalSince1970: 0))
}

// Symbol: DateComponents.init(subscriptionPeriod:)
// Apple: init(subscriptionPeriod period: Product.SubscriptionPeriod)
// https://developer.apple.com/documentation/foundation/datecomponents/init(subscriptionperiod:)
func probeDateComponentsFromPeriod(_ period: Product.SubscriptionPeriod) -> Date? {
    Calendar.current.date(
        byAdding: DateComponents(subscriptionPeriod: period), to: Date(timeIntervalSince1970: 0))
}

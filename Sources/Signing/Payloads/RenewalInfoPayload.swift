import Foundation
import StoreCore

/// Apple's `JWSRenewalInfoDecodedPayload`, field for field.
struct RenewalInfoPayload: Codable, Hashable {
    static let typeName = "JWSRenewalInfoDecodedPayload"

    var expirationIntent: Int?
    var originalTransactionId: String?
    var autoRenewProductId: String?
    var productId: String?
    var autoRenewStatus: Int?
    var isInBillingRetryPeriod: Bool?
    var priceIncreaseStatus: Int?
    var gracePeriodExpiresDate: Int64?
    var offerType: Int?
    var offerIdentifier: String?
    var signedDate: Int64?
    var environment: String?
    var recentSubscriptionStartDate: Int64?
    var renewalDate: Int64?
    var currency: String?
    var renewalPrice: Int64?
    var offerDiscountType: String?
    var eligibleWinBackOfferIds: [String]?
    var appAccountToken: String?
    var appTransactionId: String?
    var offerPeriod: String?
    var renewalBillingPlanType: String?
    var commitmentInfo: RenewalCommitmentPayload?

    init(_ info: RenewalInfo) {
        expirationIntent = info.expirationReason?.rawValue
        originalTransactionId = String(info.originalTransactionID)
        autoRenewProductId = info.autoRenewPreference
        productId = info.currentProductID
        autoRenewStatus = info.willAutoRenew ? 1 : 0
        isInBillingRetryPeriod = info.isInBillingRetry
        // Apple's integer exists only while an increase is pending: 0 unanswered, 1 consented.
        priceIncreaseStatus =
            switch info.priceIncreaseStatus {
            case .noIncreasePending: nil
            case .pending: 0
            case .agreed: 1
            }
        gracePeriodExpiresDate = info.gracePeriodExpirationDate?.millisecondsSince1970
        offerType = info.offer?.type.rawValue
        offerIdentifier = info.offer?.id
        offerDiscountType = info.offer?.paymentMode?.discountType
        offerPeriod = info.offer?.period?.iso8601
        signedDate = info.signedDate.millisecondsSince1970
        environment = info.environment.rawValue
        recentSubscriptionStartDate = info.recentSubscriptionStartDate?.millisecondsSince1970
        renewalDate = info.renewalDate?.millisecondsSince1970
        currency = info.currencyCode
        renewalPrice = info.renewalPrice?.milliunits
        eligibleWinBackOfferIds = info.eligibleWinBackOfferIDs.isEmpty ? nil : info.eligibleWinBackOfferIDs
        appAccountToken = info.appAccountToken?.lowercasedString
        appTransactionId = info.appTransactionID
        renewalBillingPlanType = info.renewalBillingPlanType?.rawValue
        commitmentInfo = info.commitment.map(RenewalCommitmentPayload.init)
    }

    func renewalInfo() throws(SigningError) -> RenewalInfo {
        let name = Self.typeName
        let offer = try offerValue(
            type: offerType, id: offerIdentifier, discountType: offerDiscountType, period: offerPeriod,
            in: name)
        let increase: RenewalInfo.PriceIncreaseStatus =
            switch priceIncreaseStatus {
            case nil: .noIncreasePending
            case 0: .pending
            case 1: .agreed
            case let other?:
                throw .undecodablePayload(
                    type: name, reason: "\"priceIncreaseStatus\" has the unknown value \(other)")
            }
        return RenewalInfo(
            originalTransactionID: try numericID(originalTransactionId, "originalTransactionId", in: name),
            currentProductID: try required(productId, "productId", in: name),
            autoRenewPreference: autoRenewProductId,
            willAutoRenew: autoRenewStatus == 1,
            expirationReason: try enumValue(expirationIntent, "expirationIntent", in: name),
            isInBillingRetry: isInBillingRetryPeriod ?? false,
            priceIncreaseStatus: increase,
            gracePeriodExpirationDate: gracePeriodExpiresDate.map(Date.init(millisecondsSince1970:)),
            offer: offer,
            signedDate: Date(millisecondsSince1970: try required(signedDate, "signedDate", in: name)),
            environment: try required(
                enumValue(environment, "environment", in: name), "environment", in: name),
            recentSubscriptionStartDate: recentSubscriptionStartDate.map(Date.init(millisecondsSince1970:)),
            renewalDate: renewalDate.map(Date.init(millisecondsSince1970:)),
            renewalPrice: renewalPrice.map(Decimal.init(milliunits:)),
            currencyCode: currency,
            eligibleWinBackOfferIDs: eligibleWinBackOfferIds ?? [],
            appAccountToken: try uuidValue(appAccountToken, "appAccountToken", in: name),
            appTransactionID: appTransactionId ?? "",
            renewalBillingPlanType: try enumValue(renewalBillingPlanType, "renewalBillingPlanType", in: name),
            commitment: try commitmentInfo.map { payload throws(SigningError) in
                try payload.commitment(in: name)
            })
    }
}

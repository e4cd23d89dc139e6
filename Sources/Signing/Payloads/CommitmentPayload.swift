import Foundation
import StoreCore

/// Apple's `TransactionCommitmentInfo`, field for field (App Store Server API 1.21).
struct TransactionCommitmentPayload: Codable, Hashable {
    var billingPeriodNumber: Int?
    var commitmentExpiresDate: Int64?
    var commitmentPrice: Int64?
    var totalBillingPeriods: Int?

    init(_ commitment: Transaction.Commitment) {
        billingPeriodNumber = commitment.billingPeriodNumber
        commitmentExpiresDate = commitment.expirationDate.millisecondsSince1970
        commitmentPrice = commitment.price.milliunits
        totalBillingPeriods = commitment.totalBillingPeriods
    }

    /// The same document the synthesized encoder writes (sorted keys, nil fields left out).
    func encodedBytes() -> [UInt8] {
        var writer = JSONObjectWriter()
        writer.add("billingPeriodNumber", billingPeriodNumber)
        writer.add("commitmentExpiresDate", commitmentExpiresDate)
        writer.add("commitmentPrice", commitmentPrice)
        writer.add("totalBillingPeriods", totalBillingPeriods)
        return writer.bytes()
    }

    func commitment(in name: String) throws(SigningError) -> Transaction.Commitment {
        Transaction.Commitment(
            billingPeriodNumber: try required(
                billingPeriodNumber, "commitmentInfo.billingPeriodNumber", in: name),
            totalBillingPeriods: try required(
                totalBillingPeriods, "commitmentInfo.totalBillingPeriods", in: name),
            expirationDate: Date(
                millisecondsSince1970: try required(
                    commitmentExpiresDate, "commitmentInfo.commitmentExpiresDate", in: name)),
            price: Decimal(
                milliunits: try required(commitmentPrice, "commitmentInfo.commitmentPrice", in: name)))
    }
}

/// Apple's `RenewalCommitmentInfo`, field for field.
struct RenewalCommitmentPayload: Codable, Hashable {
    var commitmentAutoRenewProductId: String?
    var commitmentAutoRenewStatus: Int?
    var commitmentRenewalBillingPlanType: String?
    var commitmentRenewalDate: Int64?
    var commitmentRenewalPrice: Int64?

    init(_ commitment: RenewalInfo.Commitment) {
        commitmentAutoRenewProductId = commitment.autoRenewProductID
        commitmentAutoRenewStatus = commitment.willAutoRenew ? 1 : 0
        commitmentRenewalBillingPlanType = commitment.renewalBillingPlanType?.rawValue
        commitmentRenewalDate = commitment.renewalDate.millisecondsSince1970
        commitmentRenewalPrice = commitment.renewalPrice?.milliunits
    }

    func commitment(in name: String) throws(SigningError) -> RenewalInfo.Commitment {
        RenewalInfo.Commitment(
            autoRenewProductID: try required(
                commitmentAutoRenewProductId, "commitmentInfo.commitmentAutoRenewProductId", in: name),
            willAutoRenew: commitmentAutoRenewStatus == 1,
            renewalBillingPlanType: try enumValue(
                commitmentRenewalBillingPlanType, "commitmentInfo.commitmentRenewalBillingPlanType", in: name),
            renewalDate: Date(
                millisecondsSince1970: try required(
                    commitmentRenewalDate, "commitmentInfo.commitmentRenewalDate", in: name)),
            renewalPrice: commitmentRenewalPrice.map(Decimal.init(milliunits:)))
    }
}

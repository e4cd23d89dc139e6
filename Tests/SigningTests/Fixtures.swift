import Foundation
import StoreCore

@testable import Signing

/// Sample payloads whose dates are whole milliseconds, so they survive a JWS round trip.
enum Fixtures {
    static let bundleID = "com.example.paywall"
    static let signedDate = Date(millisecondsSince1970: 1_698_148_900_123)

    /// The full sample transaction and a sparse one: no offer, token or expiration, and a
    /// product ID with every character JSON escapes.
    static func fullAndSparseTransactions() -> [Transaction] {
        let full = transaction()
        var sparse = full
        sparse.offer = nil
        sparse.appAccountToken = nil
        sparse.expirationDate = nil
        sparse.productID = "com.example.\"quoted\"/slash\\back\n\u{1}é日本"
        return [full, sparse]
    }

    static func transaction(signedDate: Date = signedDate) -> Transaction {
        Transaction(
            id: 2_000_000_123_456_790, originalID: 2_000_000_123_456_789,
            webOrderLineItemID: "2000000012345678",
            productID: "pro.monthly", productType: .autoRenewable, subscriptionGroupID: "21000001",
            appBundleID: bundleID, appTransactionID: "704000000000000001",
            purchaseDate: Date(millisecondsSince1970: 1_698_148_800_000),
            originalPurchaseDate: Date(millisecondsSince1970: 1_698_000_000_000),
            expirationDate: Date(millisecondsSince1970: 1_700_827_200_000), purchasedQuantity: 1,
            appAccountToken: UUID(uuidString: "7E3FB20B-4CDB-47CC-936D-99D65F608138"),
            ownershipType: .purchased,
            signedDate: signedDate, isUpgraded: false,
            offer: .init(
                type: .introductory, id: nil, paymentMode: .freeTrial,
                period: SubscriptionPeriod(iso8601: "P1W")),
            environment: .sandbox, storefront: .unitedStates, reason: .renewal,
            price: Decimal(string: "9.99"),
            currencyCode: "USD", billingPlanType: nil)
    }

    static func revokedTransaction() -> Transaction {
        var value = transaction()
        value.revocationDate = Date(millisecondsSince1970: 1_698_200_000_000)
        value.revocationReason = .developerIssue
        value.revocationType = .refundProrated
        value.revocationPercentage = 500
        value.isUpgraded = true
        value.offer = .init(
            type: .promotional, id: "promo.50off", paymentMode: .payAsYouGo,
            period: SubscriptionPeriod(iso8601: "P1M"))
        value.billingPlanType = .monthly
        return value
    }

    static func renewalInfo() -> RenewalInfo {
        RenewalInfo(
            originalTransactionID: 2_000_000_123_456_789, currentProductID: "pro.monthly",
            autoRenewPreference: "pro.yearly", willAutoRenew: true, expirationReason: .billingError,
            isInBillingRetry: true, priceIncreaseStatus: .pending,
            gracePeriodExpirationDate: Date(millisecondsSince1970: 1_700_900_000_000),
            offer: .init(
                type: .winBack, id: "winback.1", paymentMode: .payUpFront,
                period: SubscriptionPeriod(iso8601: "P3M")),
            signedDate: signedDate, environment: .sandbox,
            recentSubscriptionStartDate: Date(millisecondsSince1970: 1_698_000_000_000),
            renewalDate: Date(millisecondsSince1970: 1_700_827_200_000),
            renewalPrice: Decimal(string: "4.99"),
            currencyCode: "USD", eligibleWinBackOfferIDs: ["winback.1", "winback.2"],
            appAccountToken: UUID(uuidString: "7E3FB20B-4CDB-47CC-936D-99D65F608138"),
            appTransactionID: "704000000000000001", renewalBillingPlanType: .billedUpFront)
    }

    static func appTransaction() -> AppTransaction {
        AppTransaction(
            appTransactionID: "704000000000000001", appID: 1_234_567_890, bundleID: bundleID,
            appVersion: "2.1",
            originalAppVersion: "1.0", originalPurchaseDate: Date(millisecondsSince1970: 1_690_000_000_000),
            signedDate: signedDate, environment: .sandbox, originalPlatform: "iOS",
            deviceVerification: "dGVzdC1kZXZpY2UtdmVyaWZpY2F0aW9u",
            deviceVerificationNonce: UUID(uuidString: "5BA2ED9D-1111-4222-8333-444455556666"))
    }

    static func notification(signer: JWSSigner) throws -> NotificationPayload {
        NotificationPayload(
            notificationType: .didRenew, subtype: .billingRecovery,
            notificationUUID: UUID(uuidString: "CE3AF791-365E-4C60-841B-1674B43C1609")!,
            data: .init(
                environment: .sandbox, appAppleID: 1_234_567_890, bundleID: bundleID, bundleVersion: "42",
                signedTransactionInfo: try signer.sign(transaction()),
                signedRenewalInfo: try signer.sign(renewalInfo()),
                status: .subscribed),
            signedDate: signedDate)
    }
}

import Foundation
import StoreCore

/// Apple's `JWSTransactionDecodedPayload`: field names, value types and raw values exactly as
/// Apple's library reads them (app-store-server-library's `JWSTransactionDecodedPayload`).
struct TransactionPayload: Codable, Hashable {
    static let typeName = "JWSTransactionDecodedPayload"

    var originalTransactionId: String?
    var transactionId: String?
    var webOrderLineItemId: String?
    var bundleId: String?
    var productId: String?
    var subscriptionGroupIdentifier: String?
    var purchaseDate: Int64?
    var originalPurchaseDate: Int64?
    var expiresDate: Int64?
    var quantity: Int?
    var type: String?
    var appAccountToken: String?
    var inAppOwnershipType: String?
    var signedDate: Int64?
    var revocationReason: Int?
    var revocationDate: Int64?
    var isUpgraded: Bool?
    var offerType: Int?
    var offerIdentifier: String?
    var environment: String?
    var storefront: String?
    var storefrontId: String?
    var transactionReason: String?
    var currency: String?
    var price: Int64?
    var offerDiscountType: String?
    var appTransactionId: String?
    var offerPeriod: String?
    var revocationType: String?
    var revocationPercentage: Int?
    var billingPlanType: String?
    var commitmentInfo: TransactionCommitmentPayload?

    init(_ transaction: Transaction) {
        originalTransactionId = String(transaction.originalID)
        transactionId = String(transaction.id)
        webOrderLineItemId = transaction.webOrderLineItemID
        bundleId = transaction.appBundleID
        productId = transaction.productID
        subscriptionGroupIdentifier = transaction.subscriptionGroupID
        purchaseDate = transaction.purchaseDate.millisecondsSince1970
        originalPurchaseDate = transaction.originalPurchaseDate.millisecondsSince1970
        expiresDate = transaction.expirationDate?.millisecondsSince1970
        quantity = transaction.purchasedQuantity
        type = transaction.productType.rawValue
        appAccountToken = transaction.appAccountToken?.lowercasedString
        inAppOwnershipType = transaction.ownershipType.rawValue
        signedDate = transaction.signedDate.millisecondsSince1970
        revocationReason = transaction.revocationReason?.rawValue
        revocationDate = transaction.revocationDate?.millisecondsSince1970
        // Apple sends isUpgraded only when it is true.
        isUpgraded = transaction.isUpgraded ? true : nil
        offerType = transaction.offer?.type.rawValue
        offerIdentifier = transaction.offer?.id
        offerDiscountType = transaction.offer?.paymentMode?.discountType
        offerPeriod = transaction.offer?.period?.iso8601
        environment = transaction.environment.rawValue
        storefront = transaction.storefront.countryCode
        storefrontId = transaction.storefront.id
        transactionReason = transaction.reason.rawValue
        currency = transaction.currencyCode
        price = transaction.price?.milliunits
        appTransactionId = transaction.appTransactionID
        revocationType = transaction.revocationType?.rawValue
        revocationPercentage = transaction.revocationPercentage
        billingPlanType = transaction.billingPlanType?.rawValue
        commitmentInfo = transaction.commitment.map(TransactionCommitmentPayload.init)
    }

    func transaction() throws(SigningError) -> Transaction {
        let name = Self.typeName
        let purchase = Date(millisecondsSince1970: try required(purchaseDate, "purchaseDate", in: name))
        let countryCode = try required(storefront, "storefront", in: name)
        let offer = try offerValue(
            type: offerType, id: offerIdentifier, discountType: offerDiscountType, period: offerPeriod,
            in: name)
        return Transaction(
            id: try numericID(transactionId, "transactionId", in: name),
            originalID: try numericID(originalTransactionId, "originalTransactionId", in: name),
            webOrderLineItemID: webOrderLineItemId,
            productID: try required(productId, "productId", in: name),
            productType: try required(enumValue(type, "type", in: name), "type", in: name),
            subscriptionGroupID: subscriptionGroupIdentifier,
            appBundleID: try required(bundleId, "bundleId", in: name),
            appTransactionID: appTransactionId ?? "",
            purchaseDate: purchase,
            originalPurchaseDate: originalPurchaseDate.map(Date.init(millisecondsSince1970:)) ?? purchase,
            expirationDate: expiresDate.map(Date.init(millisecondsSince1970:)),
            purchasedQuantity: quantity ?? 1,
            appAccountToken: try uuidValue(appAccountToken, "appAccountToken", in: name),
            ownershipType: try enumValue(inAppOwnershipType, "inAppOwnershipType", in: name) ?? .purchased,
            signedDate: Date(millisecondsSince1970: try required(signedDate, "signedDate", in: name)),
            revocationDate: revocationDate.map(Date.init(millisecondsSince1970:)),
            revocationReason: try enumValue(revocationReason, "revocationReason", in: name),
            revocationType: try enumValue(revocationType, "revocationType", in: name),
            revocationPercentage: revocationPercentage,
            isUpgraded: isUpgraded ?? false,
            offer: offer,
            environment: try required(
                enumValue(environment, "environment", in: name), "environment", in: name),
            storefront: Storefront(
                countryCode: countryCode, id: storefrontId ?? Storefront(alpha3: countryCode)?.id ?? "",
                currencyCode: currency ?? Storefront(alpha3: countryCode)?.currencyCode ?? ""),
            reason: try enumValue(transactionReason, "transactionReason", in: name) ?? .purchase,
            price: price.map(Decimal.init(milliunits:)),
            currencyCode: currency,
            billingPlanType: try enumValue(billingPlanType, "billingPlanType", in: name),
            commitment: try commitmentInfo.map { payload throws(SigningError) in
                try payload.commitment(in: name)
            })
    }
}

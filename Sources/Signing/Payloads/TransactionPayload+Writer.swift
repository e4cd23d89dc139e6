import StoreCore

extension TransactionPayload {
    /// The payload's JSON written directly (sorted keys, nil fields left out): the same
    /// document `JSONEncoder` produces, at a fraction of the cost, since every purchase and
    /// renewal signs one.
    func encodedBytes() -> [UInt8] {
        var writer = JSONObjectWriter()
        writer.add("appAccountToken", appAccountToken)
        writer.add("appTransactionId", appTransactionId)
        writer.add("billingPlanType", billingPlanType)
        writer.add("bundleId", bundleId)
        writer.add("commitmentInfo", json: commitmentInfo?.encodedBytes())
        writer.add("currency", currency)
        writer.add("environment", environment)
        writer.add("expiresDate", expiresDate)
        writer.add("inAppOwnershipType", inAppOwnershipType)
        writer.add("isUpgraded", isUpgraded)
        writer.add("offerDiscountType", offerDiscountType)
        writer.add("offerIdentifier", offerIdentifier)
        writer.add("offerPeriod", offerPeriod)
        writer.add("offerType", offerType)
        writer.add("originalPurchaseDate", originalPurchaseDate)
        writer.add("originalTransactionId", originalTransactionId)
        writer.add("price", price)
        writer.add("productId", productId)
        writer.add("purchaseDate", purchaseDate)
        writer.add("quantity", quantity)
        writer.add("revocationDate", revocationDate)
        writer.add("revocationPercentage", revocationPercentage)
        writer.add("revocationReason", revocationReason)
        writer.add("revocationType", revocationType)
        writer.add("signedDate", signedDate)
        writer.add("storefront", storefront)
        writer.add("storefrontId", storefrontId)
        writer.add("subscriptionGroupIdentifier", subscriptionGroupIdentifier)
        writer.add("transactionId", transactionId)
        writer.add("transactionReason", transactionReason)
        writer.add("type", type)
        writer.add("webOrderLineItemId", webOrderLineItemId)
        return writer.bytes()
    }
}

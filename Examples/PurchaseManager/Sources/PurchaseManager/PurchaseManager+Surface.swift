import Foundation

#if canImport(StoreKit)
    import StoreKit
#else
    import KioskStoreKit
#endif
#if canImport(UIKit)
    import UIKit
#endif

/// The rest of StoreKit's surface a purchase manager reaches for (issue 34): what a support
/// screen shows about a purchase, whether a signed transaction was made for this device, the
/// status behind one transaction, the yearly plan billed monthly, and offers signed by the
/// developer's server. Written only against StoreKit's API, as on a device.
extension PurchaseManager {
    public static let ultimateAnnualID = "com.kiosk.lumen.ultimate.annual"
    public static let ultimateMonthlyID = "com.kiosk.lumen.ultimate.monthly"

    /// A line for the support screen: the product, how it is owned, what was paid and in which
    /// currency, and the subscription's state in words.
    public func supportLine(for transaction: Transaction) async -> String {
        var parts = [transaction.productID, transaction.ownershipType.localizedDescription]
        if let price = transaction.price, let currency = transaction.currency {
            parts.append(price.formatted(.currency(code: currency.identifier)))
        }
        if let status = await transaction.subscriptionStatus {
            parts.append(status.state.localizedDescription)
        }
        return parts.joined(separator: " · ")
    }

    /// Buys with the confirmation sheet shown over the app's scene where the platform has one
    /// (`purchase(confirmIn:)`, iOS 18.2), and as Kiosk confirms it where it has none: the
    /// pattern docs/your-code.md ("Members that take a window") shows.
    public func buyConfirmed(_ product: Product) async throws -> Product.PurchaseResult {
        #if canImport(UIKit)
            guard let scene = await UIApplication.shared.connectedScenes.first as? UIWindowScene else {
                return try await product.purchase()
            }
            let result = try await product.purchase(confirmIn: scene)
        #else
            let result = try await product.purchase()
        #endif
        return result
    }

    /// What the app logs when a purchase looks wrong: the signed payload as StoreKit prints it.
    public nonisolated func logLine(for result: VerificationResult<Transaction>) -> String {
        result.debugDescription
    }

    /// Whether a transaction was signed for this device, by Apple's recipe: SHA-384 of the
    /// lowercased nonce followed by the lowercased device verification ID.
    public nonisolated func isForThisDevice(_ transaction: Transaction) -> Bool {
        guard let deviceID = AppStore.deviceVerificationID else { return false }
        let text =
            transaction.deviceVerificationNonce.uuidString.lowercased() + deviceID.uuidString.lowercased()
        return SHA384Digest.hash(Array(text.utf8)) == Array(transaction.deviceVerification)
    }

    /// The state of the subscription a transaction ID belongs to (from a support ticket), or nil
    /// when the account has no such subscription transaction.
    public func subscriptionState(ofTransaction id: UInt64) async throws -> Product.SubscriptionInfo
        .RenewalState?
    {
        try await Product.SubscriptionInfo.status(transactionID: id)?.state
    }

    /// How many purchases of one product the account made (renewals included).
    public func purchaseCount(of productID: String) async -> Int {
        var count = 0
        for await _ in Transaction.all(for: productID) { count += 1 }
        return count
    }

    /// The yearly plan's monthly price and its twelve-month total, for the paywall's second line
    /// ("15.99 a month for 12 months, 191.88 in all"); nil when the product offers no such plan.
    public func monthlyPlan(of product: Product) -> (perMonth: String, total: String, months: Int)? {
        guard let terms = product.subscription?.pricingTerms.first(where: { $0.billingPlanType == .monthly })
        else {
            return nil
        }
        let months =
            terms.commitmentInfo.period.unit == .year
            ? 12 * terms.commitmentInfo.period.value : terms.commitmentInfo.period.value
        return (terms.billingDisplayPrice, terms.commitmentInfo.displayPrice, months)
    }

    /// Buys the yearly subscription billed monthly; the bill's place in the commitment.
    public func buyMonthlyPlan(_ product: Product) async throws -> (bill: UInt64, of: UInt64)? {
        let result = try await product.purchase(options: [
            .billingPlanType(.monthly), .custom(key: "screen", value: "paywall"),
        ])
        guard case .success(.verified(let transaction)) = result else { return nil }
        await transaction.finish()
        return transaction.commitmentInfo.map { ($0.billingPeriodNumber, $0.totalBillingPeriods) }
    }

    /// Subscribes with the introductory offer as the app's server decides it (iOS 18.4): the
    /// server signs whether this customer may have it (a returning customer the app wants back,
    /// or one it already gave a trial elsewhere), and the store honours that over its own record.
    /// Returns the offer the purchase got, nil for the full price.
    public func subscribe(_ product: Product, eligibility compactJWS: String) async throws
        -> Transaction.OfferType?
    {
        let result = try await product.purchase(options: [
            .introductoryOfferEligibility(compactJWS: compactJWS)
        ])
        guard case .success(.verified(let transaction)) = result else { return nil }
        await transaction.finish()
        return transaction.offer?.type
    }

    /// Buys with a promotional offer the app's server signed as a compact JWS.
    public func buy(_ product: Product, offerID: String, signedOffer compactJWS: String) async throws -> Bool
    {
        let options = Product.PurchaseOption.promotionalOffer(offerID, compactJWS: compactJWS)
        guard case .success(.verified(let transaction)) = try await product.purchase(options: Set(options))
        else {
            return false
        }
        await transaction.finish()
        return true
    }
}

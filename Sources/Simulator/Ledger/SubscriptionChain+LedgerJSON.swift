import Foundation
import StoreCore

/// The ledger's JSON form of a subscription chain, written by hand: a chain is rewritten at
/// every renewal, and `JSONEncoder` would cost more than the renewal's signature. Dates are
/// milliseconds, decimals are strings (exact), nil fields are left out.
extension SubscriptionChain {
    func ledgerJSON() -> [UInt8] {
        // Keys in ascending order, as the writer requires.
        var writer = JSONObjectWriter()
        writer.add("account", key.account.rawValue)
        writer.add("appAccountToken", appAccountToken?.uuidString.lowercased())
        writer.add("autoRenewEnabled", autoRenewEnabled)
        writer.add("autoRenewProductID", autoRenewProductID)
        writer.add("billingPlanType", billingPlanType?.rawValue)
        writer.add("billingRetryStart", billingRetryStart.map(Ledger.milliseconds))
        writer.add("billingSequence", billingSequence)
        writer.add("commitmentBills", commitmentBills == 0 ? nil : commitmentBills)
        writer.add("commitmentStartDate", commitmentStartDate.map(Ledger.milliseconds))
        writer.add("currentProductID", currentProductID)
        writer.add("expirationDate", Ledger.milliseconds(expirationDate))
        writer.add("expirationReason", expirationReason?.rawValue)
        writer.add("gracePeriodEnded", gracePeriodEnded)
        writer.add("gracePeriodExpirationDate", gracePeriodExpirationDate.map(Ledger.milliseconds))
        writer.add("groupID", key.groupID)
        writer.add("isExpired", isExpired)
        writer.add("latestTransactionID", Int64(bitPattern: latestTransactionID))
        if let offer {
            var nested = JSONObjectWriter()
            nested.add("id", offer.id)
            nested.add("paymentMode", offer.paymentMode.rawValue)
            nested.add("period", offer.period.iso8601)
            nested.add("periodCount", offer.periodCount)
            nested.add("price", "\(offer.price)")
            nested.add("remainingSegments", offer.remainingSegments)
            nested.add("type", offer.type.rawValue)
            writer.add("offer", json: nested.bytes())
        }
        writer.add("originalPurchaseDate", Ledger.milliseconds(originalPurchaseDate))
        writer.add("originalTransactionID", Int64(bitPattern: originalTransactionID))
        writer.add("pendingMessage", pendingMessage.map(Self.messageCode))
        switch priceIncrease {
        case .none: break
        case .pending(let price): writer.add("priceIncrease", "pending:\(price)")
        case .agreed(let price): writer.add("priceIncrease", "agreed:\(price)")
        case .declined(let price): writer.add("priceIncrease", "declined:\(price)")
        }
        writer.add("recentStartDate", Ledger.milliseconds(recentStartDate))
        writer.add("renewalPriceOverride", renewalPriceOverride.map { "\($0)" })
        return writer.bytes()
    }

    /// Reads `ledgerJSON()` back; nil when a required field is missing or malformed.
    init?(ledgerJSON data: Data) {
        // Not JSON is malformed too: the callers refuse the row as corrupt, naming it.
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return nil }
        func string(_ key: String) -> String? { object[key] as? String }
        func integer(_ key: String) -> Int64? { (object[key] as? NSNumber)?.int64Value }
        func date(_ key: String) -> Date? {
            integer(key).map(Ledger.date)
        }
        func bool(_ key: String) -> Bool { (object[key] as? NSNumber)?.boolValue ?? false }
        guard let account = string("account"), let groupID = string("groupID"),
            let original = integer("originalTransactionID"), let originalDate = date("originalPurchaseDate"),
            let current = string("currentProductID"), let autoRenewProduct = string("autoRenewProductID"),
            let latest = integer("latestTransactionID"), let expiration = date("expirationDate"),
            let recentStart = date("recentStartDate")
        else { return nil }
        self.init(
            key: Key(account: AccountName(account), groupID: groupID),
            originalTransactionID: UInt64(bitPattern: original),
            originalPurchaseDate: originalDate, currentProductID: current,
            autoRenewProductID: autoRenewProduct,
            autoRenewEnabled: bool("autoRenewEnabled"), latestTransactionID: UInt64(bitPattern: latest),
            expirationDate: expiration, recentStartDate: recentStart)
        isExpired = bool("isExpired")
        expirationReason = integer("expirationReason").flatMap {
            RenewalInfo.ExpirationReason(rawValue: Int($0))
        }
        billingRetryStart = date("billingRetryStart")
        gracePeriodExpirationDate = date("gracePeriodExpirationDate")
        gracePeriodEnded = bool("gracePeriodEnded")
        if let text = string("priceIncrease"), let colon = text.firstIndex(of: ":"),
            let price = Decimal(string: String(text[text.index(after: colon)...]))
        {
            switch text[..<colon] {
            case "pending": priceIncrease = .pending(newPrice: price)
            case "agreed": priceIncrease = .agreed(newPrice: price)
            case "declined": priceIncrease = .declined(newPrice: price)
            default: return nil
            }
        }
        if let nested = object["offer"] as? [String: Any] {
            guard
                let type = (nested["type"] as? NSNumber).flatMap({
                    SubscriptionOffer.OfferType(rawValue: $0.intValue)
                }),
                let mode = (nested["paymentMode"] as? String).flatMap(
                    SubscriptionOffer.PaymentMode.init(rawValue:)),
                let period = (nested["period"] as? String).flatMap(SubscriptionPeriod.init(iso8601:)),
                let price = (nested["price"] as? String).flatMap({ Decimal(string: $0) })
            else { return nil }
            offer = AppliedOffer(
                type: type, id: nested["id"] as? String, paymentMode: mode, period: period,
                periodCount: (nested["periodCount"] as? NSNumber)?.intValue ?? 1, price: price,
                remainingSegments: (nested["remainingSegments"] as? NSNumber)?.intValue ?? 0)
        }
        renewalPriceOverride = string("renewalPriceOverride").flatMap { Decimal(string: $0) }
        billingPlanType = string("billingPlanType").flatMap(BillingPlan.PlanType.init(rawValue:))
        appAccountToken = string("appAccountToken").flatMap(UUID.init(uuidString:))
        billingSequence = Int(integer("billingSequence") ?? 0)
        commitmentBills = Int(integer("commitmentBills") ?? 0)
        commitmentStartDate = date("commitmentStartDate")
        pendingMessage = string("pendingMessage").flatMap(Self.message(code:))
    }

    /// A message as the ledger keeps it: its kind, product and offer joined by spaces.
    static func messageCode(_ message: StoreMessage) -> String {
        switch message {
        case .billingIssue(let product): "billingIssue \(product)"
        case .priceIncreaseConsent(let product): "priceIncreaseConsent \(product)"
        case .winBackOffer(let product, let offer): "winBackOffer \(product) \(offer)"
        }
    }

    static func message(code: String) -> StoreMessage? {
        let parts = code.split(separator: " ", maxSplits: 2).map(String.init)
        switch (parts.first, parts.count) {
        case ("billingIssue", 2): return .billingIssue(productID: parts[1])
        case ("priceIncreaseConsent", 2): return .priceIncreaseConsent(productID: parts[1])
        case ("winBackOffer", 3): return .winBackOffer(productID: parts[1], offerID: parts[2])
        default: return nil
        }
    }
}

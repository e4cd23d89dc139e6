import Foundation
import StoreCore

/// The words a paywall uses for prices, periods and offers: "$9.99/month",
/// "1 week free, then $9.99/month", "Save 33%".
enum OfferText {
    /// "month", "2 months", "year".
    static func period(_ period: SubscriptionPeriod) -> String {
        let unit = period.unit.rawValue
        return period.value == 1 ? unit : "\(period.value) \(unit)s"
    }

    /// "1 week", "3 months": a duration with its count always spelled.
    static func duration(value: Int, unit: SubscriptionPeriod.Unit) -> String {
        "\(value) \(unit.rawValue)\(value == 1 ? "" : "s")"
    }

    /// "$9.99/month" for subscriptions, the plain price otherwise.
    static func pricePerPeriod(_ product: Product) -> String {
        guard let period = product.subscription?.period else { return product.displayPrice }
        return "\(product.displayPrice)/\(Self.period(period))"
    }

    /// The offer's terms followed by the regular price.
    static func terms(_ offer: SubscriptionOffer, product: Product) -> String {
        let regular = pricePerPeriod(product)
        let total = offer.totalDuration
        switch offer.paymentMode {
        case .freeTrial:
            return "\(duration(value: total.value, unit: total.unit)) free, then \(regular)"
        case .payAsYouGo:
            return "\(offer.displayPrice)/\(period(offer.period)) for "
                + "\(duration(value: total.value, unit: total.unit)), then \(regular)"
        case .payUpFront:
            return
                "\(offer.displayPrice) for \(duration(value: total.value, unit: total.unit)), then \(regular)"
        }
    }

    /// "Save 33%" when `product` costs less per month than the shortest plan of its level.
    static func savings(_ product: Product, among plans: [Product]) -> String? {
        guard let info = product.subscription else { return nil }
        let sameLevel = plans.filter { $0.subscription?.groupLevel == info.groupLevel }
        guard
            let shortest = sameLevel.min(by: {
                $0.subscription!.period.approximateDays < $1.subscription!.period.approximateDays
            }),
            shortest.id != product.id, let base = shortest.subscription
        else { return nil }
        let perDay = NSDecimalNumber(decimal: product.price).doubleValue / info.period.approximateDays
        let basePerDay = NSDecimalNumber(decimal: shortest.price).doubleValue / base.period.approximateDays
        guard basePerDay > 0 else { return nil }
        let percent = Int(((1 - perDay / basePerDay) * 100).rounded(.down))
        return percent >= 5 ? "Save \(percent)%" : nil
    }

    /// "Current", "Upgrade", "Downgrade", "Crossgrade" relative to the active plan.
    static func relationship(_ product: Product, in snapshot: StoreSnapshot) -> String? {
        guard let activeID = snapshot.activePlanID, let active = snapshot.product(activeID)?.subscription,
            let info = product.subscription
        else { return nil }
        return SubscriptionRelationship.of(info, productID: product.id, to: active, activeID: activeID)
            .rawValue.capitalized
    }
}

import Foundation
import StoreCore
import TerminalUI

/// The words a paywall uses for prices, periods and offers: "$9.99/month",
/// "1 week free, then $9.99/month", "Save 33%", in the paywall's language (English by default).
enum OfferText {
    /// "/month", "/3 months".
    static func perPeriod(_ period: SubscriptionPeriod, _ strings: PaywallStrings = .english) -> String {
        strings.perPeriod(period)
    }

    /// "1 week", "3 months": a duration with its count always spelled.
    static func duration(value: Int, unit: SubscriptionPeriod.Unit, _ strings: PaywallStrings = .english)
        -> String
    {
        strings.duration(value: value, unit: unit)
    }

    /// "$9.99/month" for subscriptions, the plain price otherwise: the billed amount per period,
    /// the price App Review wants most prominent.
    static func pricePerPeriod(_ product: Product, _ strings: PaywallStrings = .english) -> String {
        guard let period = product.subscription?.period else { return strings.amount(product.displayPrice) }
        return strings.amount(product.displayPrice) + strings.perPeriod(period)
    }

    /// The offer's own price as shown ("$1.99/month", "$29.99"); nil for a free trial.
    static func offerPrice(_ offer: SubscriptionOffer, _ strings: PaywallStrings = .english) -> String? {
        switch offer.paymentMode {
        case .freeTrial: nil
        case .payAsYouGo: strings.amount(offer.displayPrice) + strings.perPeriod(offer.period)
        case .payUpFront: strings.amount(offer.displayPrice)
        }
    }

    /// The offer's terms followed by the regular price.
    static func terms(_ offer: SubscriptionOffer, product: Product, _ strings: PaywallStrings = .english)
        -> String
    {
        let regular = pricePerPeriod(product, strings)
        let total = offer.totalDuration
        let duration = strings.duration(value: total.value, unit: total.unit)
        guard let price = offerPrice(offer, strings) else {
            return strings.format(.freeTrialTerms, ["duration": duration, "price": regular])
        }
        return strings.format(.introTerms, ["offer": price, "duration": duration, "price": regular])
    }

    /// "$6.67/mo": what a plan longer than a month costs per month, in the product's currency
    /// and the locale's format; nil for plans of a month or less.
    static func perMonth(_ product: Product, locale: String, _ strings: PaywallStrings = .english) -> String?
    {
        guard let period = product.subscription?.period, let months = period.wholeMonths, months > 1 else {
            return nil
        }
        var monthly = product.price / Decimal(months)
        var rounded = Decimal()
        NSDecimalRound(&rounded, &monthly, 2, .plain)
        let price = PriceFormatter(currencyCode: product.currencyCode, localeIdentifier: locale).format(
            rounded)
        return strings.format(.perMonthShort, ["price": strings.amount(price)])
    }

    /// "Save 33%" when `product` costs less per month than the shortest plan of its level.
    static func savings(_ product: Product, among plans: [Product], _ strings: PaywallStrings = .english)
        -> String?
    {
        guard let info = product.subscription else { return nil }
        let sameLevel = plans.compactMap { plan in plan.subscription.map { (plan: plan, info: $0) } }
            .filter { $0.info.groupLevel == info.groupLevel }
        guard
            let shortest = sameLevel.min(by: {
                $0.info.period.approximateDays < $1.info.period.approximateDays
            })?
            .plan,
            shortest.id != product.id, let base = shortest.subscription
        else { return nil }
        let perDay = NSDecimalNumber(decimal: product.price).doubleValue / info.period.approximateDays
        let basePerDay = NSDecimalNumber(decimal: shortest.price).doubleValue / base.period.approximateDays
        guard basePerDay > 0 else { return nil }
        let percent = Int(((1 - perDay / basePerDay) * 100).rounded(.down))
        return percent >= 5 ? strings.format(.save, ["n": String(percent)]) : nil
    }

    /// Current, upgrade, downgrade or crossgrade relative to the active plan.
    static func relation(_ product: Product, in snapshot: StoreSnapshot) -> SubscriptionRelationship? {
        guard let activeID = snapshot.activePlanID, let active = snapshot.product(activeID)?.subscription,
            let info = product.subscription
        else { return nil }
        return SubscriptionRelationship.of(info, productID: product.id, to: active, activeID: activeID)
    }

    /// "Current plan", "Upgrade", "Downgrade", "Crossgrade" relative to the active plan.
    static func relationship(
        _ product: Product, in snapshot: StoreSnapshot, _ strings: PaywallStrings = .english
    )
        -> String?
    {
        relation(product, in: snapshot).map { strings.word(for: $0) }
    }
}

extension PaywallStrings {
    /// An amount of money as drawn: in Arabic and Hebrew a left-to-right isolate, so "79.99 US$"
    /// stays one run inside right-to-left text and two prices never run together.
    func amount(_ price: String) -> String {
        isRightToLeft ? BidiText.leftToRightIsolate(price) : price
    }

    /// English, the fallback for every language.
    public static let english = PaywallStrings(language: "en", words: PaywallStrings.englishWords)

    /// How a plan relates to the active one, in this language.
    func word(for relation: SubscriptionRelationship) -> String {
        switch relation {
        case .current: self[.currentPlan]
        case .upgrade: self[.upgrade]
        case .downgrade: self[.downgrade]
        case .crossgrade: self[.crossgrade]
        }
    }
}

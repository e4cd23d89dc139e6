import Foundation
import StoreCore

/// Turns catalog products into StoreKit `Product`s for one locale and storefront.
struct ProductLocalizer {
    let matcher: LocaleMatcher
    let storefront: Storefront
    let formatter: CachingPriceFormatter

    init(matcher: LocaleMatcher, storefront: Storefront) {
        self.matcher = matcher
        self.storefront = storefront
        self.formatter = CachingPriceFormatter(
            PriceFormatter(storefront: storefront, localeIdentifier: matcher.locale))
    }

    func product(_ product: ConfigurationProduct, subscription: SubscriptionInfo? = nil) -> Product {
        let (name, description) = names(product)
        return Product(
            id: product.productID, type: product.type.productType, displayName: name,
            description: description,
            price: product.displayPrice.value, displayPrice: formatter.format(product.displayPrice.value),
            currencyCode: storefront.currencyCode, isFamilyShareable: product.familyShareable ?? false,
            subscription: subscription, referenceName: product.referenceName ?? "")
    }

    func product(_ subscription: ConfigurationSubscription, groupDisplayName: String) -> Product {
        // Billing plans (v5) carry one introductory offer each; the legacy key mirrors the
        // up-front plan's, which is the one StoreKit reports as `introductoryOffer`.
        let intros = subscription.introductoryOffers ?? []
        let intro =
            subscription.introductoryOffer
            ?? intros.first { $0.billingPlanType == nil || $0.billingPlanType == .billedUpFront }
            ?? intros.first
        let info = SubscriptionInfo(
            groupID: subscription.subscriptionGroupID, groupDisplayName: groupDisplayName,
            groupLevel: subscription.groupNumber, period: subscription.recurringSubscriptionPeriod,
            introductoryOffer: intro.map { offer($0, type: .introductory, id: nil) },
            promotionalOffers: (subscription.adHocOffers ?? []).map {
                offer($0, type: .promotional, id: $0.offerID)
            },
            codeOffers: (subscription.codeOffers ?? []).map { offer($0, type: .code, id: $0.referenceName) },
            winBackOffers: (subscription.winbackOffers ?? []).map {
                offer($0, type: .winBack, id: $0.offerID)
            },
            billingPlans: (subscription.billingPlans ?? []).map(billingPlan))
        return product(subscription.product, subscription: info)
    }

    func offer(_ offer: ConfigurationOffer, type: SubscriptionOffer.OfferType, id: String?)
        -> SubscriptionOffer
    {
        // A free offer costs nothing even when the file carries a stray price.
        let price = offer.paymentMode == .freeTrial ? Decimal(0) : offer.displayPrice?.value ?? 0
        return SubscriptionOffer(
            id: id, type: type, paymentMode: offer.paymentMode, period: offer.subscriptionPeriod,
            periodCount: offer.numberOfPeriods ?? 1, price: price, displayPrice: formatter.format(price),
            referenceName: offer.referenceName, billingPlanType: offer.billingPlanType,
            codeEligibility: Set(offer.eligibility ?? []), isStackable: offer.isStackable ?? false,
            isWinBackEligible: offer.isEligible ?? false, priority: offer.priority)
    }

    func billingPlan(_ plan: ConfigurationBillingPlan) -> BillingPlan {
        let commitment = plan.commitmentDisplayPrice?.value ?? plan.displayPrice.value
        return BillingPlan(
            type: plan.billingPlanType, price: plan.displayPrice.value,
            displayPrice: formatter.format(plan.displayPrice.value), commitmentPrice: commitment,
            commitmentDisplayPrice: formatter.format(commitment), isEnabled: plan.isEnabled ?? true)
    }

    /// The display name and description: the best-matching localization with a name, then
    /// the reference name, then the product ID.
    func names(_ product: ConfigurationProduct) -> (name: String, description: String) {
        let ranked = matcher.ranked(product.localizations ?? []) { $0.locale }
        let named = ranked.first { !($0.displayName ?? "").isEmpty }
        let name = named?.displayName ?? nonEmpty(product.referenceName) ?? product.productID
        let description =
            nonEmpty(named?.description) ?? ranked.lazy.compactMap { nonEmpty($0.description) }.first ?? ""
        return (name, description)
    }

    func groupDisplayName(_ group: ConfigurationSubscriptionGroup) -> String {
        let ranked = matcher.ranked(group.localizations ?? []) { $0.locale }
        return ranked.lazy.compactMap { nonEmpty($0.displayName) }.first ?? nonEmpty(group.name) ?? group.id
    }
}

/// The string unless it is nil or empty.
func nonEmpty(_ text: String?) -> String? {
    guard let text, !text.isEmpty else { return nil }
    return text
}

/// Foundation's currency formatting costs microseconds a call and catalogs repeat a few
/// prices many times, so each distinct price is formatted once per mapping.
final class CachingPriceFormatter {
    private let formatter: PriceFormatter
    private var cache: [Decimal: String] = [:]

    init(_ formatter: PriceFormatter) {
        self.formatter = formatter
    }

    func format(_ price: Decimal) -> String {
        if let known = cache[price] { return known }
        let text = formatter.format(price)
        cache[price] = text
        return text
    }
}

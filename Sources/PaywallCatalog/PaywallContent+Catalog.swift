import Catalog
import Foundation
import Paywall
import StoreCore

extension PaywallContent {
    /// The locales every catalog's content carries, one per language the paywall speaks, so
    /// switching the store to any of them switches the copy and policies too.
    public static let shippedLocales = [
        "en_US", "de_DE", "fr_FR", "es_ES", "it_IT", "pt_BR", "ja", "ko", "zh_Hans", "zh_Hant", "ar", "he",
    ]

    /// The paywall's copy, policies, template and leading group from a catalog and its sidecar:
    /// the one mapping the CLI and the tests share, so what the tests render is what users see.
    ///
    /// - Parameters:
    ///   - catalog: the loaded `.storekit` file with its `NAME.paywall.json`, if any.
    ///   - locale: the locale shown first; the catalog's own locale when nil. The content
    ///     carries every locale (``localize(to:)`` switches when the store's locale changes).
    ///   - backendName: what the status line names as the store (`sim`, a URL).
    public init(catalog: LoadedCatalog, locale: String? = nil, backendName: String = "sim") {
        let locale = locale ?? catalog.settings.locale
        self.init(
            leadingGroupID: catalog.leadingGroupID, backendName: backendName,
            catalogName: URL(fileURLWithPath: catalog.path).lastPathComponent)
        if let name = catalog.paywall?.template, let template = PaywallTemplate(rawValue: name) {
            self.template = template
        }
        defaultLocale = catalog.paywall?.defaultLocale ?? catalog.settings.locale
        defaultPlanID = catalog.paywall?.defaultPlan
        planBadges = (catalog.paywall?.badges ?? [:]).compactMapValues { PlanBadge(rawValue: $0) }
        titleFollowsGroup = catalog.paywall == nil
        var locales = Set(Self.shippedLocales + [locale, catalog.settings.locale])
        locales.formUnion(catalog.paywall?.locales ?? [])
        for identifier in locales {
            localizations[identifier] = Self.localized(catalog, locale: identifier)
        }
        self.locale = locale
        localize(to: locale)
    }

    /// One locale's copy: the sidecar's (its own, else its language's, else the default
    /// locale's title and features with the paywall's own labels), and the policies.
    static func localized(_ catalog: LoadedCatalog, locale: String) -> Localized {
        var localized = Localized(
            title: catalog.subscriptionGroups(locale: locale).first?.displayName ?? "Premium")
        if let copy = catalog.paywallCopy(locale: locale) {
            localized.title = copy.title
            localized.subtitle = copy.subtitle
            localized.features = copy.features.map {
                Feature(symbol: $0.symbol ?? "•", title: $0.title, detail: $0.detail, levels: $0.levels)
            }
            // Labels and terms only from copy in the locale's language: another language's
            // would sit beside the paywall's own words in this one.
            if catalog.paywall?.hasOwnLocalization(for: locale) == true {
                localized.callToAction = copy.callToAction
                localized.callToActionWithIntroOffer = copy.callToActionWithIntroOffer
                localized.renewalTerms = copy.renewalTerms
                localized.trialTerms = copy.trialTerms
            }
        }
        let policies = catalog.policies(locale: locale)
        localized.termsText = policies.termsOfServiceText
        localized.termsURL = policies.termsOfServiceURL
        localized.privacyText = policies.privacyPolicyText
        localized.privacyURL = policies.privacyPolicyURL
        return localized
    }
}

import Foundation

/// What the paywall shows beside the store's own data: the marketing copy, the policies, the
/// template and which subscription group leads, in every locale the copy has. The `kiosk`
/// executable builds it from a catalog, so this module never reads catalogs itself.
///
/// The fields `title` ... `trialTerms` hold the copy of the current `locale`; ``localize(to:)``
/// swaps them when the store's locale changes, from `localizations`.
public struct PaywallContent: Sendable, Hashable {
    /// One line of the feature list under the header.
    public struct Feature: Sendable, Hashable {
        public var symbol: String
        public var title: String
        public var detail: String?
        /// The subscription group levels that include the feature (the comparison template's
        /// ticks); nil when every level does.
        public var levels: [Int]?

        public init(symbol: String = "•", title: String, detail: String? = nil, levels: [Int]? = nil) {
            self.symbol = symbol
            self.title = title
            self.detail = detail
            self.levels = levels
        }
    }

    /// The copy of one locale, as the paywall copy file gives it.
    public struct Localized: Sendable, Hashable {
        public var title: String
        public var subtitle: String?
        public var features: [Feature]
        /// nil uses the paywall's own word for the locale ("Abonnieren").
        public var callToAction: String?
        public var callToActionWithIntroOffer: String?
        public var termsText: String?
        public var termsURL: String?
        public var privacyText: String?
        public var privacyURL: String?
        /// The auto-renewal terms (`{price}` is the billed amount per period); nil uses the default.
        public var renewalTerms: String?
        /// What happens after a free trial (`{duration}`, `{price}`); nil uses the default.
        public var trialTerms: String?

        public init(
            title: String, subtitle: String? = nil, features: [Feature] = [], callToAction: String? = nil,
            callToActionWithIntroOffer: String? = nil, termsText: String? = nil, termsURL: String? = nil,
            privacyText: String? = nil, privacyURL: String? = nil, renewalTerms: String? = nil,
            trialTerms: String? = nil
        ) {
            self.title = title
            self.subtitle = subtitle
            self.features = features
            self.callToAction = callToAction
            self.callToActionWithIntroOffer = callToActionWithIntroOffer
            self.termsText = termsText
            self.termsURL = termsURL
            self.privacyText = privacyText
            self.privacyURL = privacyURL
            self.renewalTerms = renewalTerms
            self.trialTerms = trialTerms
        }
    }

    public var title: String
    public var subtitle: String?
    public var features: [Feature]
    /// The call to action ("Subscribe").
    public var callToAction: String
    /// The call to action when the selected plan carries an introductory offer.
    public var callToActionWithIntroOffer: String
    public var termsText: String?
    public var termsURL: String?
    public var privacyText: String?
    public var privacyURL: String?
    /// The auto-renewal terms shown under the call to action; nil uses the locale's default.
    public var renewalTerms: String?
    /// What a free trial turns into; nil uses the locale's default.
    public var trialTerms: String?
    /// The layout.
    public var template: PaywallTemplate
    /// The locale the fields above are in (`en_US`, `ar`).
    public var locale: String {
        didSet { strings = PaywallStrings.forLocale(locale) }
    }
    /// The paywall's own words for the current locale, kept beside it rather than looked up on
    /// each read: a frame reads them dozens of times.
    public private(set) var strings: PaywallStrings
    /// Every locale's copy by identifier; empty when the content was built by hand.
    public var localizations: [String: Localized]
    /// The locale whose copy stands in for a locale that has none.
    public var defaultLocale: String?
    /// The subscription group the picker shows; nil picks the first group found.
    public var leadingGroupID: String?
    /// Whether the title is only the group's name (no copy file): it then follows the group
    /// switcher to each group's own name.
    public var titleFollowsGroup = false
    /// The plan selected when the paywall opens (a product ID); nil lets the paywall choose.
    public var defaultPlanID: String?
    /// The copy's badges by product ID ("Most popular", "Best value").
    public var planBadges: [String: PlanBadge] = [:]
    /// Shown in the status line: where the store lives (`sim`, a URL).
    public var backendName: String
    /// Shown in the status line: the catalog file name.
    public var catalogName: String

    public init(
        title: String = "Premium", subtitle: String? = nil, features: [Feature] = [],
        callToAction: String = "Subscribe", callToActionWithIntroOffer: String = "Start free trial",
        termsText: String? = nil, termsURL: String? = nil, privacyText: String? = nil,
        privacyURL: String? = nil, leadingGroupID: String? = nil, backendName: String = "sim",
        catalogName: String = "", template: PaywallTemplate = .list, locale: String = "en_US"
    ) {
        self.title = title
        self.subtitle = subtitle
        self.features = features
        self.callToAction = callToAction
        self.callToActionWithIntroOffer = callToActionWithIntroOffer
        self.termsText = termsText
        self.termsURL = termsURL
        self.privacyText = privacyText
        self.privacyURL = privacyURL
        self.leadingGroupID = leadingGroupID
        self.backendName = backendName
        self.catalogName = catalogName
        self.template = template
        self.locale = locale
        strings = PaywallStrings.forLocale(locale)
        self.localizations = [:]
    }

    /// Switches the copy to `locale`: its own localization, else its language's, else the
    /// default locale's; words the copy lacks come from the paywall's own for `locale`.
    /// Content built without `localizations` keeps its copy and changes only its words.
    public mutating func localize(to locale: String) {
        let strings = PaywallStrings.forLocale(locale)
        let previous = PaywallStrings.forLocale(self.locale)
        self.locale = locale
        guard let found = Self.match(locale, in: localizations, fallback: defaultLocale) else {
            // Hand-made content: only words that were the paywall's own defaults follow the locale.
            if callToAction == previous[.subscribe] { callToAction = strings[.subscribe] }
            if callToActionWithIntroOffer == previous[.startFreeTrial] {
                callToActionWithIntroOffer = strings[.startFreeTrial]
            }
            return
        }
        let (copy, sameLanguage) = found
        title = copy.title
        subtitle = copy.subtitle
        features = copy.features
        // Another language's labels and terms would mix languages around the button: the
        // paywall's own words for the locale read better than the default locale's copy.
        callToAction = (sameLanguage ? copy.callToAction : nil) ?? strings[.subscribe]
        callToActionWithIntroOffer =
            (sameLanguage ? copy.callToActionWithIntroOffer : nil) ?? strings[.startFreeTrial]
        termsText = copy.termsText
        termsURL = copy.termsURL
        privacyText = copy.privacyText
        privacyURL = copy.privacyURL
        renewalTerms = sameLanguage ? copy.renewalTerms : nil
        trialTerms = sameLanguage ? copy.trialTerms : nil
    }

    /// The entry for `locale`: exact (ignoring case, `-` and `_`), then the bare language, then
    /// another region of the language, then `fallback`; and whether it is in `locale`'s language.
    static func match<Value>(_ locale: String, in table: [String: Value], fallback: String?) -> (Value, Bool)?
    {
        func normalize(_ id: String) -> String { id.lowercased().replacingOccurrences(of: "-", with: "_") }
        func language(_ id: String) -> String { String(normalize(id).split(separator: "_").first ?? "") }
        let keys = table.keys.sorted()
        let wanted = normalize(locale)
        let candidates =
            keys.filter { normalize($0) == wanted } + keys.filter { normalize($0) == language(locale) }
            + keys.filter { language($0) == language(locale) }
        if let key = candidates.first, let value = table[key] { return (value, true) }
        if let fallback, let key = keys.first(where: { normalize($0) == normalize(fallback) }),
            let value = table[key]
        {
            return (value, language(key) == language(locale))
        }
        return nil
    }
}

extension PaywallContent {
    /// Hashes the copy shown and the choices, not `localizations` (every locale's copy) nor
    /// `strings` (a function of `locale`, which is hashed): `kiosk lint --review` hashes a
    /// content per screen, and those two tables were most of the time it took. Equality still
    /// compares every field, so contents that differ only there are told apart by `==`.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(title)
        hasher.combine(subtitle)
        hasher.combine(features)
        hasher.combine(callToAction)
        hasher.combine(callToActionWithIntroOffer)
        hasher.combine(termsText)
        hasher.combine(termsURL)
        hasher.combine(privacyText)
        hasher.combine(privacyURL)
        hasher.combine(renewalTerms)
        hasher.combine(trialTerms)
        hasher.combine(template)
        hasher.combine(locale)
        hasher.combine(localizations.count)
        hasher.combine(defaultLocale)
        hasher.combine(leadingGroupID)
        hasher.combine(titleFollowsGroup)
        hasher.combine(defaultPlanID)
        hasher.combine(planBadges)
        hasher.combine(backendName)
        hasher.combine(catalogName)
    }
}

/// The words a paywall shows around a catalog's products, from the optional sidecar
/// `NAME.paywall.json` beside `NAME.storekit` (schema version 1, see docs/catalogs.md).
public struct PaywallCopy: Sendable, Hashable {
    /// The schema version; only 1 exists.
    public var version: Int
    /// The localization used when the requested locale and its language have none.
    public var defaultLocale: String
    /// The subscription group the paywall leads with; the catalog's first group when nil.
    public var leadingGroupID: String?
    /// Copy per locale identifier (`en_US`, `zh_Hans`, `de`).
    public var localizations: [String: PaywallLocalization]
    /// The paywall's layout: one of ``templateNames``; the paywall's default (`list`) when nil.
    public var template: String?
    /// The product ID of the plan the paywall selects when it opens; the paywall chooses
    /// (the plan with a free trial, else the best value) when nil.
    public var defaultPlan: String?
    /// A badge per product ID, one of ``badgeNames``: the paywall says it in every language.
    public var badges: [String: String]

    /// The badges a plan may carry (the paywall's `PlanBadge` cases; a test keeps the two equal).
    public static let badgeNames = ["mostPopular", "bestValue"]

    /// The layouts the paywall knows (its `PaywallTemplate` cases; a test keeps the two equal).
    public static let templateNames = ["list", "cards", "hero", "comparison"]

    public init(
        version: Int = 1, defaultLocale: String = "en_US", leadingGroupID: String? = nil,
        localizations: [String: PaywallLocalization] = [:], template: String? = nil,
        defaultPlan: String? = nil, badges: [String: String] = [:]
    ) {
        self.defaultPlan = defaultPlan
        self.badges = badges
        self.version = version
        self.defaultLocale = defaultLocale
        self.leadingGroupID = leadingGroupID
        self.localizations = localizations
        self.template = template
    }

    /// The locale identifiers the copy has, sorted.
    public var locales: [String] { localizations.keys.sorted() }

    /// Whether `locale` has copy of its own or of its language (not only the default's).
    public func hasOwnLocalization(for locale: String) -> Bool {
        let wanted = LocaleMatcher.normalize(locale)
        let language = LocaleMatcher.language(of: locale)
        return localizations.keys.contains {
            let key = LocaleMatcher.normalize($0)
            return key == wanted || key == language || LocaleMatcher.language(of: $0) == language
        }
    }

    /// The copy for `locale`: the exact locale (`zh_Hans`), then its language (`zh`), then
    /// `defaultLocale`. `-` and `_` and letter case do not matter.
    public func localization(for locale: String) -> PaywallLocalization? {
        var byKey: [String: PaywallLocalization] = [:]
        for (key, value) in localizations { byKey[LocaleMatcher.normalize(key)] = value }
        return byKey[LocaleMatcher.normalize(locale)] ?? byKey[LocaleMatcher.language(of: locale)]
            ?? byKey[LocaleMatcher.normalize(defaultLocale)]
    }

    /// Where the sidecar of a catalog lives: `Pro.storekit` -> `Pro.paywall.json`.
    public static func sidecarPath(forCatalogAt path: String) -> String {
        let base = path.hasSuffix(".storekit") ? String(path.dropLast(".storekit".count)) : path
        return base + ".paywall.json"
    }

    /// The catalog a sidecar belongs to: `Pro.paywall.json` -> `Pro.storekit`.
    public static func catalogPath(forSidecarAt path: String) -> String {
        let base = path.hasSuffix(".paywall.json") ? String(path.dropLast(".paywall.json".count)) : path
        return base + ".storekit"
    }
}

/// The paywall's words in one language.
public struct PaywallLocalization: Sendable, Hashable {
    public var title: String
    public var subtitle: String?
    public var features: [PaywallFeature]
    /// The button label, such as "Subscribe".
    public var callToAction: String?
    /// The label when the customer is eligible for an introductory offer ("Start free trial").
    public var callToActionWithIntroOffer: String?
    /// Used when the catalog has no `appPolicies` license agreement.
    public var termsOfService: PaywallLink?
    /// Used when the catalog has no `appPolicies` privacy policy for the locale.
    public var privacyPolicy: PaywallLink?
    /// The auto-renewal terms under the call to action, `{price}` standing for the billed amount
    /// per period; the paywall's default for the locale when nil.
    public var renewalTerms: String?
    /// What happens after a free trial (`{duration}`, `{price}`); the default when nil.
    public var trialTerms: String?

    public init(
        title: String, subtitle: String? = nil, features: [PaywallFeature] = [], callToAction: String? = nil,
        callToActionWithIntroOffer: String? = nil, termsOfService: PaywallLink? = nil,
        privacyPolicy: PaywallLink? = nil, renewalTerms: String? = nil, trialTerms: String? = nil
    ) {
        self.renewalTerms = renewalTerms
        self.trialTerms = trialTerms
        self.title = title
        self.subtitle = subtitle
        self.features = features
        self.callToAction = callToAction
        self.callToActionWithIntroOffer = callToActionWithIntroOffer
        self.termsOfService = termsOfService
        self.privacyPolicy = privacyPolicy
    }
}

/// One bullet of the feature list.
public struct PaywallFeature: Sendable, Hashable {
    public var title: String
    public var detail: String?
    /// A short glyph shown before the title, such as "★".
    public var symbol: String?
    /// The subscription group levels whose plans include it (the comparison table); every level
    /// when nil.
    public var levels: [Int]?

    public init(title: String, detail: String? = nil, symbol: String? = nil, levels: [Int]? = nil) {
        self.title = title
        self.detail = detail
        self.symbol = symbol
        self.levels = levels
    }
}

/// A policy shown as text, linked by URL, or both.
public struct PaywallLink: Sendable, Hashable {
    public var text: String?
    public var url: String?

    public init(text: String? = nil, url: String? = nil) {
        self.text = text
        self.url = url
    }
}

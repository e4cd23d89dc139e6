/// The terms of service and privacy policy a paywall links to, for one locale: each as
/// text, a URL, or both. Empty strings in the file count as absent.
public struct CatalogPolicies: Sendable, Hashable {
    /// The license agreement (`appPolicies.eula`) or the sidecar's terms of service.
    public var termsOfServiceText: String?
    public var termsOfServiceURL: String?
    public var privacyPolicyText: String?
    public var privacyPolicyURL: String?

    public init(
        termsOfServiceText: String? = nil, termsOfServiceURL: String? = nil, privacyPolicyText: String? = nil,
        privacyPolicyURL: String? = nil
    ) {
        self.termsOfServiceText = termsOfServiceText
        self.termsOfServiceURL = termsOfServiceURL
        self.privacyPolicyText = privacyPolicyText
        self.privacyPolicyURL = privacyPolicyURL
    }

    /// Whether there is anything to link to.
    public var isEmpty: Bool {
        termsOfServiceText == nil && termsOfServiceURL == nil && privacyPolicyText == nil
            && privacyPolicyURL == nil
    }

    /// These policies, with each missing part taken from `other`.
    public func filling(from other: CatalogPolicies) -> CatalogPolicies {
        CatalogPolicies(
            termsOfServiceText: termsOfServiceText ?? other.termsOfServiceText,
            termsOfServiceURL: termsOfServiceURL ?? other.termsOfServiceURL,
            privacyPolicyText: privacyPolicyText ?? other.privacyPolicyText,
            privacyPolicyURL: privacyPolicyURL ?? other.privacyPolicyURL)
    }
}

extension StoreKitConfiguration {
    /// The catalog's own `appPolicies` for `locale` (exact, language, default locale, first).
    public func policies(locale: String? = nil) -> CatalogPolicies {
        guard let appPolicies else { return CatalogPolicies() }
        let matcher = LocaleMatcher(locale: locale ?? defaultLocale, defaultLocale: defaultLocale)
        let ranked = matcher.ranked(appPolicies.policies) { $0.locale }
        return CatalogPolicies(
            termsOfServiceText: nonEmpty(appPolicies.eula),
            privacyPolicyText: ranked.lazy.compactMap { nonEmpty($0.policyText) }.first,
            privacyPolicyURL: ranked.lazy.compactMap { nonEmpty($0.policyURL) }.first)
    }
}

extension PaywallLocalization {
    /// The sidecar's terms and privacy links as policies.
    public var policies: CatalogPolicies {
        CatalogPolicies(
            termsOfServiceText: nonEmpty(termsOfService?.text),
            termsOfServiceURL: nonEmpty(termsOfService?.url),
            privacyPolicyText: nonEmpty(privacyPolicy?.text), privacyPolicyURL: nonEmpty(privacyPolicy?.url))
    }
}

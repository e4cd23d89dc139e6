import Catalog
import Foundation
import Paywall
import StoreCore

extension PaywallContent {
    /// The paywall's copy, policies and leading group from a catalog and its sidecar: the one
    /// mapping the CLI and the tests share, so what the tests render is what users see.
    ///
    /// - Parameters:
    ///   - catalog: the loaded `.storekit` file with its `NAME.paywall.json`, if any.
    ///   - locale: the locale to pick copy and policies for; the catalog's own locale when nil.
    ///   - backendName: what the status line names as the store (`sim`, a URL).
    public init(catalog: LoadedCatalog, locale: String? = nil, backendName: String = "sim") {
        let locale = locale ?? catalog.settings.locale
        self.init(
            leadingGroupID: catalog.leadingGroupID, backendName: backendName,
            catalogName: URL(fileURLWithPath: catalog.path).lastPathComponent)
        if let copy = catalog.paywallCopy(locale: locale) {
            title = copy.title
            subtitle = copy.subtitle
            features = copy.features.map {
                PaywallContent.Feature(symbol: $0.symbol ?? "•", title: $0.title, detail: $0.detail)
            }
            if let cta = copy.callToAction { callToAction = cta }
            if let cta = copy.callToActionWithIntroOffer { callToActionWithIntroOffer = cta }
        } else if let group = catalog.subscriptionGroups(locale: locale).first {
            // Without a sidecar the leading group's own name is the best title there is.
            title = group.displayName
        }
        let policies = catalog.policies(locale: locale)
        termsText = policies.termsOfServiceText
        termsURL = policies.termsOfServiceURL
        privacyText = policies.privacyPolicyText
        privacyURL = policies.privacyPolicyURL
    }
}

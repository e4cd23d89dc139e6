import Catalog
import Foundation
import Paywall
import StoreCore

/// Builds the paywall's copy, policies and group order from a catalog and its sidecar, so the
/// Paywall module never reads catalogs itself.
enum PaywallContentLoader {
    static func content(catalogPath: String) throws -> PaywallContent {
        let catalog: LoadedCatalog
        do {
            catalog = try LoadedCatalog.load(contentsOf: catalogPath)
        } catch {
            throw CommandFailure("kiosk: \(error)", exit: .dataError)
        }
        let locale = catalog.settings.locale
        var content = PaywallContent(
            leadingGroupID: catalog.leadingGroupID, backendName: "sim",
            catalogName: URL(fileURLWithPath: catalogPath).lastPathComponent)
        if let copy = catalog.paywallCopy(locale: locale) {
            content.title = copy.title
            content.subtitle = copy.subtitle
            content.features = copy.features.map {
                PaywallContent.Feature(symbol: $0.symbol ?? "•", title: $0.title, detail: $0.detail)
            }
            if let cta = copy.callToAction { content.callToAction = cta }
            if let cta = copy.callToActionWithIntroOffer { content.callToActionWithIntroOffer = cta }
        } else if let group = catalog.subscriptionGroups(locale: locale).first {
            content.title = group.displayName
        }
        let policies = catalog.policies(locale: locale)
        content.termsText = policies.termsOfServiceText
        content.termsURL = policies.termsOfServiceURL
        content.privacyText = policies.privacyPolicyText
        content.privacyURL = policies.privacyPolicyURL
        return content
    }
}

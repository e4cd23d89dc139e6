import Catalog
import Foundation
import Paywall
import PaywallCatalog
import Signing
import Simulator
import TerminalUI

/// The App Review checks (`PaywallReview`) over a catalog's paywall: every template, locale and
/// customer state, each on a fresh in-memory store (docs/catalogs.md). `kiosk lint --review`
/// prints the findings by cause (``ReviewCause``); `kiosk gallery --review` shows them beside
/// its pictures.
public enum CatalogReviewer {
    /// Every finding for `catalog` and its paywall copy drawn in `theme`, in `locales` (every
    /// locale the paywall speaks and the copy has when nil).
    public static func findings(catalog: LoadedCatalog, theme: Theme, locales: [String]? = nil) async throws
        -> [ReviewFinding]
    {
        try await review(catalog: catalog, theme: theme, locales: locales).findings
    }

    /// The findings with how many screens the review stands for and how many it rendered
    /// (each distinct screen once), for `kiosk-bench review`.
    public static func review(catalog: LoadedCatalog, theme: Theme, locales: [String]? = nil) async throws
        -> PaywallReview.Report
    {
        let content = PaywallContent(catalog: catalog)
        let locales =
            locales ?? Array(Set(PaywallContent.shippedLocales + (catalog.paywall?.locales ?? []))).sorted()
        return try await PaywallReview.review(
            makeStore: {
                try SimulatedStore.open(
                    catalog: catalog, location: .ephemeral(), frozenClock: true, offers: .none)
            }, content: content, theme: theme, locales: locales)
    }

    /// The findings as a JSON array of `{template, locale, state, plan, size, message}`, for
    /// tools and for `kiosk gallery --findings`.
    public static func json(_ findings: [ReviewFinding]) throws -> String {
        let objects: [[String: String]] = findings.map {
            [
                "template": $0.template.rawValue, "locale": $0.locale, "state": $0.state,
                "plan": $0.plan ?? "",
                "size": "\($0.size)", "message": $0.message,
            ]
        }
        let data = try JSONSerialization.data(
            withJSONObject: objects, options: [.sortedKeys, .prettyPrinted])
        return String(decoding: data, as: UTF8.self)
    }
}

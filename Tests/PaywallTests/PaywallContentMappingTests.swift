import Catalog
import Foundation
import Paywall
import PaywallCatalog
import StoreCore
import Testing

/// `PaywallContent(catalog:)` is the mapping the CLI shows and the snapshots render.
@Suite struct PaywallContentMappingTests {
    @Test func copyFollowsTheLocaleIncludingTheCallsToAction() throws {
        let content = PaywallContent(catalog: try Fixtures.catalog(), locale: "de_DE")
        #expect(content.callToAction == "Abonnieren")
        #expect(content.callToActionWithIntroOffer == "Gratis testen")
        #expect(content.features.map(\.title).contains("Stapelexport"))
        #expect(content.catalogName == "demo.storekit")
    }

    @Test func theCatalogsOwnLocaleIsTheDefault() throws {
        let catalog = try Fixtures.catalog()
        #expect(catalog.settings.locale == "en_US")
        let content = PaywallContent(catalog: catalog)
        #expect(content == PaywallContent(catalog: catalog, locale: "en_US"))
        #expect(content.title == catalog.paywallCopy(locale: "en_US")?.title)
        #expect(content.backendName == "sim")
    }

    @Test func withoutASidecarTheLeadingGroupNamesThePaywall() throws {
        // minimal.storekit's group is "Premium", the default title: rename it so the test can tell.
        let source = Fixtures.root.appendingPathComponent("catalogs/minimal.storekit")
        let text = try String(contentsOf: source, encoding: .utf8)
            .replacingOccurrences(of: "\"Premium\"", with: "\"Studio Plans\"")
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "\(UUID().uuidString).storekit")
        try text.write(to: url, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: url) }
        let catalog = try LoadedCatalog.load(contentsOf: url.path)
        #expect(catalog.paywall == nil)
        #expect(PaywallContent(catalog: catalog).title == "Studio Plans")
    }
}

import Catalog
import CatalogReview
import Foundation
import Paywall
import PaywallShots
import TerminalUI
import TestSupport
import Testing

/// The gallery's matrix, its findings and its page, without the command line (`kiosk gallery`'s
/// options and files: `CLITests/GalleryCommandTests`).
@Suite struct GalleryTests {
    func gallery(templates: [PaywallTemplate], states: [ShotState]) throws -> Gallery {
        let catalog = try LoadedCatalog.load(contentsOf: PackageFiles.catalog("demo"))
        let theme = try Theme.load(named: "default", in: PackageFiles.themesDirectory)
        return Gallery(
            catalog: catalog, themes: [("default", theme)], templates: templates, locales: ["en_US", "ja"],
            states: states, size: Size(columns: 80, rows: 24), style: .buttons)
    }

    @Test func everyPictureIsWrittenInOrderWithItsEntry() async throws {
        var written: [String: String] = [:]
        let entries = try await gallery(templates: [.cards], states: [.eligible, .subscribed]).render {
            svg, file in written[file] = svg
        }
        #expect(
            entries.map(\.file) == [
                "cards-default-en_US-eligible.svg", "cards-default-en_US-subscribed.svg",
                "cards-default-ja-eligible.svg", "cards-default-ja-subscribed.svg",
            ])
        #expect(Set(written.keys) == Set(entries.map(\.file)))
        #expect(written.values.allSatisfy { $0.hasPrefix("<svg") })
        #expect(entries.allSatisfy { $0.width == 740 && $0.height == 452 })
        #expect(entries[3].caption == "demo · cards · buttons · default · ja · subscribed · 80x24")
    }

    /// A cause is shown beside the pictures of the templates and states in the gallery, once per
    /// picture, with where to fix it; findings on states the gallery does not draw are left out.
    @Test func reviewCausesBecomeFindingsBesideTheirPictures() throws {
        let path = PackageFiles.catalog("minimal")
        let finding = { (template: PaywallTemplate, state: String, size: Int) in
            ReviewFinding(
                template: template, locale: "en_US", state: state, plan: nil,
                size: Size(columns: size, rows: 24), message: "Terms of Use link missing")
        }
        let causes = ReviewCause.of(
            [
                finding(.cards, "eligible", 80), finding(.cards, "eligible", 120),
                finding(.hero, "eligible", 80),
                finding(.cards, "pending", 80),
            ],
            catalogAt: path)
        let findings = try gallery(templates: [.cards], states: [.eligible]).findings(of: causes)
        #expect(
            findings == [
                GalleryFinding(
                    template: "cards", locale: "en_US", state: "eligible",
                    message:
                        "\(path):1:1: no Terms of Use to link to; add \"eula\" to \"appPolicies\" in the "
                        + ".storekit (Xcode: Edit App Policies), or \"termsOfService\" to minimal.paywall.json"
                )
            ])
    }

    @Test func aFindingWithoutAPictureIsListedNotDropped() {
        let entry = GalleryEntry(
            file: "list-default-en_US-eligible.svg", template: "list", theme: "default", locale: "en_US",
            state: "eligible", caption: "demo · list", width: 740, height: 452)
        let page = GalleryPage.html(
            entries: [entry],
            findings: [
                GalleryFinding(
                    template: "list", locale: "en_US", state: "eligible", message: "price 'x' too faint"),
                GalleryFinding(template: "hero", locale: "ar", state: "sheet", message: "<b>bold</b>"),
            ], title: "T")
        #expect(page.contains("App Review: 2 causes"))
        #expect(page.contains("price '…' too faint"), "the cause, without what differs from screen to screen")
        #expect(page.contains("Findings without a picture here: hero · ar · sheet: &lt;b&gt;bold&lt;/b&gt;"))
        #expect(page.contains("<figure id=\"shot-list-default-en_US-eligible-svg\" class=\"shot flagged\""))
    }
}

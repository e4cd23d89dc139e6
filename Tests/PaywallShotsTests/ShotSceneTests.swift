import Catalog
import Foundation
import Paywall
import PaywallShots
import TerminalUI
import TestSupport
import Testing

/// Every scene is reached through real keys on a fresh store and shows what it names; a scene a
/// catalog cannot show is an error, never another picture (`kiosk shot`'s options, formats and
/// exit codes: `CLITests/ShotCommandTests`).
@Suite struct ShotSceneTests {
    static func scene(
        catalog: String = "demo", size: Size = Size(columns: 100, rows: 30),
        template: PaywallTemplate = .list,
        locale: String? = nil, state: ShotState = .eligible, tab: AppState.Tab = .subscriptions
    ) throws -> ShotScene {
        ShotScene(
            catalog: try LoadedCatalog.load(contentsOf: PackageFiles.catalog(catalog)),
            theme: try Theme.load(named: "default", in: PackageFiles.themesDirectory), size: size,
            template: template, locale: locale, state: state, tab: tab)
    }

    static func text(_ scene: ShotScene) async throws -> String { try await scene.export(.text) }

    @Test(arguments: [
        (ShotState.eligible, "1 week free, then $9.99/month"),
        (.ineligible, "Expired com.kiosk.lumen.ultimate.monthly"),
        (.subscribed, "Current plan: Lumen Ultimate (Monthly) · renews 2026-06-28"),
        (.pending, "Waiting for approval: Lumen Ultimate (Monthly)"),
        (.billingRetry, "payment failed on 2026-06-28"),
        (.sheet, "Confirm"),
        (.manager, "Transaction Manager"),
    ])
    func eachStateShowsWhatItNames(state: ShotState, expected: String) async throws {
        let text = try await Self.text(try Self.scene(state: state))
        #expect(text.contains(expected), "\(text)")
    }

    /// Pro Monthly's introductory offer (a free week) is gone once the account subscribed in the
    /// group; what a lapsed subscriber sees instead are the catalog's win-back offers.
    @Test func ineligibleHasNoIntroductoryOfferAndEligibleHasOne() async throws {
        #expect(
            try await Self.text(try Self.scene(state: .eligible)).contains("1 week free, then $9.99/month"))
        let ineligible = try await Self.text(try Self.scene(state: .ineligible))
        #expect(!ineligible.contains("1 week free"))
        #expect(ineligible.contains("$4.99/month for 3 months, then $9.99/month"))
    }

    /// Each template is drawn as itself, not only named in the caption.
    @Test func theTemplateIsTheOneDrawn() async throws {
        let small = Size(columns: 80, rows: 24)
        let cards = try await Self.text(try Self.scene(size: small, template: .cards))
        #expect(cards.contains("┏"), "the selected card's heavy border: \(cards)")
        let hero = try await Self.text(try Self.scene(size: small, template: .hero))
        // It opens on the plan with a free trial that saves the most.
        #expect(hero.contains("‹  Lumen Pro (Annual)  ›"), "\(hero)")
        #expect(try await Self.text(try Self.scene(size: small, template: .list)) != cards)
    }

    @Test func theLocaleReachesTheStore() async throws {
        let text = try await Self.text(try Self.scene(locale: "de_DE", state: .manager))
        #expect(text.contains("locale de_DE"), "\(text)")
    }

    @Test func aStateTheCatalogCannotShowIsAnErrorNotAnotherPicture() async throws {
        let scene = try Self.scene(catalog: "shelf", state: .billingRetry)
        await #expect {
            _ = try await scene.render()
        } throws: { error in
            guard case .unreachable(.billingRetry, let catalog, _) = error as? ShotSceneError else {
                return false
            }
            return catalog.hasSuffix("shelf.storekit")
                && "\(error)".hasPrefix("cannot show --state billing-retry on \(catalog): ")
        }
    }

    @Test func aTabBehindAnOverlayIsRefused() async throws {
        let scene = try Self.scene(state: .manager, tab: .shelf)
        await #expect(throws: ShotSceneError.self) { _ = try await scene.render() }
        do {
            _ = try await scene.render()
        } catch {
            #expect(
                "\(error)"
                    == "--tab shop cannot be combined with --state manager, whose overlay covers the tabs")
        }
    }

    @Test func theCaptionNamesWhatThePictureShows() throws {
        let scene = try Self.scene(
            size: Size(columns: 80, rows: 24), template: .cards, locale: "ja", tab: .shelf)
        #expect(scene.caption == "demo · cards · buttons · default · ja · eligible · shop · 80x24")
        #expect(
            AppState.Tab(shotName: "shop") == .shelf && AppState.Tab.subscriptions.shotName == "subscriptions"
        )
        #expect(AppState.Tab(shotName: "shelf") == nil)
    }
}

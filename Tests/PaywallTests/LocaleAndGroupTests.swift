import Catalog
import Foundation
import Paywall
import PaywallCatalog
import Signing
import Simulator
import StoreCore
import TerminalUI
import Testing

/// Switching the store's locale switches every word on screen; every group, the shop and
/// every footer button stay reachable.
@Suite struct LocaleAndGroupTests {
    @Test(arguments: [
        (
            "de_DE",
            [
                "Abonnements", "Über 200 Profi-Filter", "Nutzungsbedingungen", "/Monat",
                "Verlängert",
            ]
        ),
        ("fr_FR", ["Abonnements", "Conditions d’utilisation", "/mois", "Renouvellement"]),
        ("ja", ["サブスクリプション", "200種類以上のプロ用フィルター", "利用規約", "/月", "アカウント設定で管理"]),
        ("zh_Hant", ["訂閱", "使用條款", "/月"]),
        ("ko", ["구독", "이용 약관", "/월"]),
    ])
    func theStoresLocaleSwitchesTheScreen(locale: String, words: [String]) async throws {
        var driver = try await Driver(store: try Fixtures.store(), content: try Fixtures.content())
        await driver.paywall.resize(Size(columns: 120, rows: 40))
        #expect(driver.paywall.screenText.contains("Renews automatically"))
        _ = try await driver.store.perform(.apply(.locale(locale)))
        await driver.paywall.refresh()
        let text = driver.paywall.screenText
        for word in words { #expect(text.contains(word), "\(word) missing in \(locale):\n\(text)") }
        #expect(!text.contains("Renews automatically"))
        #expect(!text.contains("Subscriptions"))
    }

    @Test func theManagersLocaleKeyStepsThroughEveryLanguageAndTheScreenFollows() async throws {
        var driver = try await Driver(store: try Fixtures.store(), content: try Fixtures.content())
        var seen: [String] = []
        for _ in PaywallStrings.supportedLanguages {
            await driver.press(.character("m"), .character("L"), .escape)
            seen.append(driver.state.content.strings.language)
        }
        #expect(Set(seen) == Set(PaywallStrings.supportedLanguages))
        #expect(driver.state.content.locale == "en_US")
        await driver.press(.character("m"), .character("L"), .escape)
        #expect(driver.paywall.screenText.contains("Abonnements"))
    }

    @Test func rightToLeftLocalesMirrorTheRows() async throws {
        var state = try await TemplateSnapshotTests.state(
            .comparison, locale: "he", size: Size(columns: 100, rows: 30))
        state.planIndex = 0
        let text = PaywallProgram.render(state, theme: try Fixtures.theme(), size: state.size).buffer
            .plainText
        let footer = text.split(separator: "\n").dropLast().last.map(String.init) ?? ""
        // The footer reads from the right: Restore (first) is the rightmost button.
        let restore = try #require(footer.range(of: BidiText.visualOrder("שחזור רכישות")), "\(footer)")
        let manager = try #require(footer.range(of: BidiText.visualOrder("מנהל")), "\(footer)")
        #expect(restore.lowerBound > manager.lowerBound)
        // So do the tabs: Subscriptions rightmost, the style names on the left.
        let tabs = text.split(separator: "\n").first.map(String.init) ?? ""
        let subscriptions = try #require(tabs.range(of: BidiText.visualOrder("מינויים")), "\(tabs)")
        let shop = try #require(tabs.range(of: BidiText.visualOrder("חנות")), "\(tabs)")
        #expect(subscriptions.lowerBound > shop.lowerBound)
        #expect(tabs.hasPrefix(" comparison"))
    }

    @Test func everyWordOfEveryLanguageIsTranslatedWithItsPlaceholders() {
        for language in PaywallStrings.supportedLanguages {
            let strings = PaywallStrings.forLocale(language)
            #expect(strings.language == language)
            #expect(strings.missingWords.isEmpty, "\(language) lacks \(strings.missingWords)")
            for word in PaywallStrings.Word.allCases {
                let english = PaywallStrings.english[word]
                let placeholders = english.split(separator: "{").dropFirst().map { $0.prefix { $0 != "}" } }
                for placeholder in placeholders {
                    #expect(
                        strings[word].contains("{\(placeholder)}"),
                        "\(language) \(word) lacks {\(placeholder)}")
                }
                // Words that are the same in some languages: "Manager", "Account", "Shop", "CODE".
                if language != "en" && ![.manager, .account, .shop, .codePlaceholder].contains(word) {
                    #expect(
                        strings[word] != english || word == .upgrade || word == .downgrade,
                        "\(language) \(word)")
                }
            }
        }
        #expect(PaywallStrings.forLocale("zh_TW").language == "zh-Hant")
        #expect(PaywallStrings.forLocale("zh-Hans-CN").language == "zh-Hans")
        #expect(PaywallStrings.forLocale("pt_PT").language == "pt-BR")
        #expect(PaywallStrings.forLocale("sv_SE").language == "en")
    }

    @Test func theTemplateNamesAreTheCopyFilesNames() {
        #expect(PaywallCopy.templateNames == PaywallTemplate.allCases.map(\.rawValue))
    }

    /// A corpus catalog with several subscription groups; the corpus is optional, so without it
    /// the test is reported as skipped with this path, never passed on nothing.
    static let severalGroups = Fixtures.root.deletingLastPathComponent()
        .appendingPathComponent("shared/corpus/storekit/v6.3-revenuecat-backend-integration.storekit").path

    @Test(
        .enabled(
            if: FileManager.default.fileExists(atPath: severalGroups),
            "the corpus file \(severalGroups) is absent"))
    func theGroupKeyReachesEveryGroupOfACatalogWithSeveral() async throws {
        let path = Self.severalGroups
        let catalog = try LoadedCatalog.load(contentsOf: path)
        let groups = catalog.subscriptionGroups()
        #expect(groups.count >= 5)
        let store = try SimulatedStore.open(catalog: catalog, location: .ephemeral(), frozenClock: true)
        var driver = try await Driver(store: store, content: PaywallContent(catalog: catalog))
        var seen: [String] = []
        for _ in groups {
            let plans = driver.state.store.plans
            #expect(!plans.isEmpty)
            #expect(plans.allSatisfy { $0.subscription?.groupID == driver.state.store.groupID })
            #expect(driver.paywall.screenText.contains("(\(seen.count + 1)/\(groups.count))"))
            seen.append(driver.state.store.groupID ?? "")
            await driver.press(.character("g"))
        }
        #expect(Set(seen) == Set(groups.map(\.id)))
        #expect(driver.state.store.groupID == seen.first)
    }

    @Test func aReadOfTheGroupLeftBehindIsDropped() async throws {
        let store = try Fixtures.store()
        var state = try await Fixtures.state(store: store, content: try Fixtures.content())
        let stale = try await EffectRunner.snapshot(store, groupID: state.content.leadingGroupID)
        // The switcher moved on to another group; the older read arrives late.
        state.content.leadingGroupID = "another group"
        state.store.groupID = "another group"
        state.store.products = []
        _ = PaywallProgram.update(&state, .loaded(stale))
        #expect(state.store.groupID == "another group" && state.store.products.isEmpty)
    }

    @Test func aCatalogWithoutSubscriptionsOpensOnTheShop() async throws {
        let catalog = try Fixtures.catalog("shelf")
        #expect(catalog.subscriptionGroups().isEmpty)
        let driver = try await Driver(
            store: try Fixtures.store("shelf"), content: PaywallContent(catalog: catalog))
        #expect(driver.state.tab == .shelf)
    }

    @Test(arguments: [Size(columns: 80, rows: 24), Size(columns: 60, rows: 18), Size(columns: 36, rows: 10)])
    func everyFooterActionStaysReachable(size: Size) async throws {
        let state = try await TemplateSnapshotTests.state(.list, locale: "en_US", size: size)
        let frame = PaywallProgram.render(state, theme: try Fixtures.theme(), size: size)
        let actions = Set(
            frame.targets.compactMap { target -> PaywallAction? in
                if case .paywall(let action) = target.target { return action }
                return nil
            })
        // Each is a button, or "More" opens the list of every key.
        let needed: [PaywallAction] = [.restore, .redeem, .accounts, .manager]
        #expect(needed.allSatisfy(actions.contains) || actions.contains(.help), "\(actions) at \(size)")
        if size == Size(columns: 80, rows: 24) {
            #expect(needed.allSatisfy(actions.contains), "\(actions)")
        }
    }
}

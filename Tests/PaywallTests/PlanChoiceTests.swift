import Catalog
import Foundation
import PaywallCatalog
import Simulator
import SourceDiagnostics
import StoreCore
import TerminalUI
import Testing

@testable import Paywall

/// The copy chooses the plan a paywall opens on and the badges it wears; without a choice the
/// paywall picks a plan with a trial or the best value, never merely the first.
@Suite struct PlanChoiceTests {
    static let copy = """
        {
          "version": 1, "defaultLocale": "en_US",
          "defaultPlan": "com.kiosk.lumen.ultimate.annual",
          "badges": { "com.kiosk.lumen.ultimate.annual": "mostPopular", "com.kiosk.lumen.plus.annual": "bestValue" },
          "localizations": { "en_US": { "title": "Lumen" } }
        }
        """

    static func content(_ text: String) throws -> PaywallContent {
        var content = try Fixtures.content()
        let copy = try #require(PaywallCopy.decode(Array(text.utf8), file: "demo.paywall.json").value)
        content.defaultPlanID = copy.defaultPlan
        content.planBadges = copy.badges.compactMapValues { PlanBadge(rawValue: $0) }
        return content
    }

    @Test func theCopysDefaultPlanAndBadgesShow() async throws {
        let driver = try await Driver(
            store: try Fixtures.store(), content: try Self.content(Self.copy),
            size: Size(columns: 100, rows: 30))
        #expect(driver.state.selectedPlan?.id == "com.kiosk.lumen.ultimate.annual")
        let text = PaywallProgram.render(driver.state, theme: try Fixtures.theme(), size: driver.state.size)
            .buffer.plainText
        #expect(text.contains("Most popular") && text.contains("Best value"), "\(text)")
    }

    @Test func badgesAreSaidInThePaywallsLanguage() async throws {
        let store = try Fixtures.store()
        _ = try await store.perform(.apply(.locale("de_DE")))
        let driver = try await Driver(
            store: store, content: try Self.content(Self.copy), size: Size(columns: 100, rows: 30))
        let text = PaywallProgram.render(driver.state, theme: try Fixtures.theme(), size: driver.state.size)
            .buffer.plainText
        #expect(text.contains("Beliebteste Wahl"), "\(text)")
    }

    @Test func withoutAChoiceThePaywallOpensOnATrialNotTheFirstPlan() async throws {
        let driver = try await Driver(store: try Fixtures.store(), content: try Fixtures.content())
        let first = driver.state.store.plans.first?.id
        #expect(driver.state.selectedPlan?.id != first)
        #expect(driver.state.selectedPlan.map { driver.state.store.hasFreeTrial($0) } == true)
    }

    @Test func anUnknownBadgeIsAnErrorThatNamesItAndSuggests() throws {
        let text = Self.copy.replacingOccurrences(of: "\"bestValue\"", with: "\"bestvalu\"")
        let decoded = PaywallCopy.decode(Array(text.utf8), file: "demo.paywall.json")
        let message = decoded.diagnostics.map(\.description).joined(separator: "\n")
        #expect(message.contains("\"bestvalu\" is not a badge"), "\(message)")
        #expect(message.contains("did you mean \"bestValue\""), "\(message)")
    }

    @Test func theCopysBadgeNamesAreThePaywallsBadges() {
        #expect(PaywallCopy.badgeNames == PlanBadge.allCases.map(\.rawValue))
    }

    @Test func everyLanguageHasEveryStandingWord() {
        for language in PaywallStrings.supportedLanguages {
            let strings = PaywallStrings.forLocale(language)
            #expect(strings.missingStandingWords.isEmpty, "\(language): \(strings.missingStandingWords)")
        }
        #expect(
            PaywallStrings.english.startTrial(SubscriptionPeriod(value: 1, unit: .week))
                == "Start 1-week free trial")
    }
}

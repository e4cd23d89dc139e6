import Foundation
import Paywall
import Signing
import Simulator
import StoreCore
import TerminalUI
import Testing

/// The App Review checks: the shipped demo passes them everywhere, and each kind of problem is
/// found and named with where it was found.
@Suite struct PaywallReviewTests {
    static func makeStore() throws -> any Store & StoreControl { try Fixtures.store() }

    @Test func theDemoPaywallPassesInEveryTemplateAndStateInJapaneseAndArabic() async throws {
        let findings = try await PaywallReview.run(
            makeStore: { try Self.makeStore() }, content: try Fixtures.content(), theme: try Fixtures.theme(),
            locales: ["ja", "ar"], sizes: [Size(columns: 80, rows: 24)])
        #expect(findings.isEmpty, "\(findings.map(\.description).joined(separator: "\n"))")
    }

    @Test func aBilledAmountLessProminentThanTheSavingIsFound() async throws {
        // A theme whose accent is the muted grey without bold: the billed price reads weaker
        // than the bold, coloured "Save 33%" badge.
        let base = try Fixtures.theme()
        var styles: [ThemeRole: Style] = [:]
        for role in ThemeRole.allCases { styles[role] = base[role] }
        styles[.accent] = base[.muted]
        let theme = Theme(name: "weak", styles: styles)
        var state = try await TemplateSnapshotTests.state(
            .list, locale: "en_US", size: Size(columns: 80, rows: 24))
        state.planIndex = 3
        let findings = PaywallReview.check(state, theme: theme, stateName: "eligible")
        let finding = try #require(findings.first { $0.message.contains("less prominent") }, "\(findings)")
        #expect(finding.message == "billed amount $79.99/year is less prominent than 'Save 33%'")
        #expect(
            finding.plan == "Lumen Pro (Annual)" && finding.template == .list && finding.locale == "en_US")
        #expect(
            finding.description
                == "billed amount $79.99/year is less prominent than 'Save 33%' (plan Lumen Pro (Annual), template list, en_US, eligible, 80x24)"
        )
        #expect(PaywallReview.check(state, theme: base, stateName: "eligible").isEmpty)
    }

    @Test func missingLinksAndTermsAreFound() async throws {
        var state = try await TemplateSnapshotTests.state(
            .hero, locale: "ja", size: Size(columns: 80, rows: 24))
        state.content.termsText = nil
        state.content.termsURL = nil
        state.content.renewalTerms = "自動的に更新されます。"
        let messages = PaywallReview.check(state, theme: try Fixtures.theme(), stateName: "eligible").map(
            \.message)
        #expect(messages.contains("Terms of Use link missing"), "\(messages)")
        #expect(messages.contains { $0.hasPrefix("auto-renewal terms in ja do not say") }, "\(messages)")
        #expect(!messages.contains("Privacy Policy link missing"))
    }

    @Test func termsCutShortAreNotShown() async throws {
        // At the minimum size the terms cannot all show: the review says so rather than pass.
        let state = try await TemplateSnapshotTests.state(
            .list, locale: "en_US", size: PaywallProgram.minimumSize)
        let messages = PaywallReview.check(state, theme: try Fixtures.theme(), stateName: "eligible").map(
            \.message)
        #expect(messages.contains("no auto-renewal terms in en_US"), "\(messages)")
    }

    @Test func disclosuresAreMeasuredFromTheLastPurchaseButton() async throws {
        let size = Size(columns: 80, rows: 24)
        for template in PaywallTemplate.allCases {
            var state = try await TemplateSnapshotTests.state(template, locale: "de_DE", size: size)
            state.planIndex = 0
            #expect(PaywallReview.check(state, theme: try Fixtures.theme(), stateName: "eligible").isEmpty)
        }
        // A button at the top, the disclosures far below: measured to the first row below it.
        let far = Frame(
            buffer: Buffer(size: size),
            targets: [
                (Rect(x: 0, y: 2, width: 10, height: 1), .paywall(.buy)),
                (Rect(x: 0, y: 4, width: 10, height: 2), .plan(1)),
            ])
        #expect(PaywallReview.distanceFromCallToAction(far, disclosureRows: [1, 18, 20]) == 13)
        #expect(PaywallReview.distanceFromCallToAction(far, disclosureRows: [1]) == nil)
        #expect(
            PaywallReview.distanceFromCallToAction(Frame(buffer: Buffer(size: size)), disclosureRows: [3])
                == nil)
    }
}

import Foundation
import StoreCore
import Synchronization
import TerminalUI
import Testing

@testable import Paywall

/// The review checks each distinct screen once: a screen met again (another customer state or
/// locale that renders the same) reuses the findings, and the counts say how many were rendered.
@Suite struct ReviewedScreensTests {
    @Test func aScreenMetTwiceIsCheckedOnceAndAScreenNotJudgedNever() async throws {
        var state = try await TemplateSnapshotTests.state(
            .list, locale: "en_US", size: Size(columns: 80, rows: 24))
        let screens = ReviewedScreens()
        let calls = Mutex(0)
        let finding = ReviewFinding(
            template: .list, locale: "en_US", state: "", plan: nil, size: state.size, message: "m")
        func check(_ state: AppState) -> [ReviewFinding] {
            calls.withLock { $0 += 1 }
            return [finding]
        }
        #expect(screens.findings(for: state, check: check) == [finding])
        #expect(screens.findings(for: state, check: check) == [finding])
        #expect(calls.withLock { $0 } == 1)
        state.planIndex = state.store.plans.count - 1
        _ = screens.findings(for: state, check: check)
        #expect(calls.withLock { $0 } == 2, "another plan selected is another screen")
        state.tab = .shelf
        #expect(screens.findings(for: state, check: check) == nil)
        #expect(calls.withLock { $0 } == 2, "a screen the review does not judge is not rendered")
        #expect(screens.renders == 2)
    }

    @Test func aRepeatedLocaleRendersNothingAgainAndFindsWhatEachWouldShow() async throws {
        // A theme whose accent is the muted grey makes the billed price weaker than the saving
        // badge (as in PaywallReviewTests), so there are findings to count and name.
        let base = try Fixtures.theme()
        var styles: [ThemeRole: Style] = [:]
        for role in ThemeRole.allCases { styles[role] = base[role] }
        styles[.accent] = base[.muted]
        let weak = Theme(name: "weak", styles: styles)
        func review(_ locales: [String]) async throws -> PaywallReview.Report {
            try await PaywallReview.review(
                makeStore: { try Fixtures.store() }, content: try Fixtures.content(), theme: weak,
                locales: locales, sizes: [Size(columns: 80, rows: 24)])
        }
        let once = try await review(["en_US"])
        // en_US twice: the second walk reaches exactly the screens of the first, signed anew.
        let twice = try await review(["en_US", "en_US"])
        #expect(once.renders > 0)
        #expect(twice.screens == 2 * once.screens)
        #expect(
            twice.renders == once.renders,
            "once: \(once.renders) renders; twice: \(twice.renders) renders of \(twice.screens) screens")
        #expect(!once.findings.isEmpty)
        #expect(twice.findings.count == 2 * once.findings.count)
        // The findings name the customer state each screen was reached in.
        let states = Set(once.findings.map(\.state))
        #expect(!states.contains(""), "every finding names its customer state: \(states)")
        #expect(states.contains("eligible"), "\(states)")
    }

    /// The key leaves out only what no screen shows: a subscriber's state read twice differs in
    /// its renewal info's JWS (signed anew at each read), renders the same, and has one key.
    @Test func aStateReadAgainHasTheSameScreenKeyAndTheKeyRendersAsTheState() async throws {
        let store = try Fixtures.store()
        var paywall = HeadlessPaywall(
            store: store, content: try Fixtures.content(), theme: try Fixtures.theme(),
            size: PaywallReview.sizes[0])
        await paywall.start()
        try await PaywallReview.reach(.subscribed, on: &paywall)
        let first = paywall.state
        await paywall.refresh()
        let again = paywall.state
        #expect(!first.store.statuses.isEmpty)
        #expect(first != again, "the renewal info is signed anew at each read")
        #expect(first.screenKey == again.screenKey)
        let theme = try Fixtures.theme()
        for state in [first, again] {
            #expect(
                PaywallProgram.render(state, theme: theme, size: state.size).buffer
                    == PaywallProgram.render(state.screenKey, theme: theme, size: state.size).buffer)
        }
        var other = again
        other.planIndex = (other.planIndex + 1) % other.store.plans.count
        #expect(other.screenKey != again.screenKey, "another plan selected is another screen")
    }
}

import Foundation
import Paywall
import Simulator
import SnapshotSupport
import StoreCore
import TerminalUI
import Testing

/// Every template at a roomy, the common and a small size, in a right-to-left and a CJK
/// locale (and English at the common size), as text snapshots.
@Suite struct TemplateSnapshotTests {
    static let sizes = [
        Size(columns: 120, rows: 40), Size(columns: 80, rows: 24), Size(columns: 48, rows: 16),
    ]

    /// The demo paywall with the store switched to `locale`, on `template`. The store is read
    /// once per locale (a store costs a signing authority and a ledger), and its state reused.
    static func state(_ template: PaywallTemplate, locale: String, size: Size) async throws -> AppState {
        var state = try await LoadedStates.shared.state(locale: locale)
        state.content.template = template
        _ = PaywallProgram.update(&state, .resize(size))
        state.planIndex = 3  // Pro Annual: a per-month breakdown, a saving and a free trial
        return state
    }

    @Test(.serialized, arguments: PaywallTemplate.allCases)
    func template(_ template: PaywallTemplate) async throws {
        let theme = try Fixtures.theme()
        for locale in ["ja", "ar"] {
            for size in Self.sizes {
                let state = try await Self.state(template, locale: locale, size: size)
                let text = PaywallProgram.render(state, theme: theme, size: size).buffer.plainText
                assertSnapshot(text, named: "\(template.rawValue)-\(locale)-\(size)")
            }
        }
        let english = try await Self.state(template, locale: "en_US", size: Self.sizes[1])
        assertSnapshot(
            PaywallProgram.render(english, theme: theme, size: Self.sizes[1]).buffer.plainText,
            named: "\(template.rawValue)-en_US-\(Self.sizes[1])")
    }

    /// In every control style: `.buttons` makes the selected plan's own button the call to
    /// action; the other styles draw a separate one.
    @Test(arguments: PaywallTemplate.allCases, ControlStyle.allCases)
    func everyTemplateFitsTheMinimumSize(_ template: PaywallTemplate, style: ControlStyle) async throws {
        let size = PaywallProgram.minimumSize
        var state = try await Self.state(template, locale: "en_US", size: size)
        state.controlStyle = style
        let frame = PaywallProgram.render(state, theme: try Fixtures.theme(), size: size)
        // The call to action survives at the smallest size, and a click on it asks for the
        // selected plan's payment sheet.
        let plan = try #require(state.selectedPlan).id
        let buying = frame.targets.filter { hit in
            var clicked = state
            return PaywallProgram.update(&clicked, .activate(hit.target)).contains { effect in
                guard case .prepareSheet(let productID, _) = effect else { return false }
                return productID == plan
            }
        }
        #expect(!buying.isEmpty, "\(template) in \(style): nothing on screen buys \(plan)")
        #expect(!frame.buffer.plainText.contains("Terminal too small"))
    }

    @Test func theTemplateKeyStepsThroughEveryTemplate() async throws {
        var state = try await Self.state(.list, locale: "en_US", size: Self.sizes[1])
        var seen: [PaywallTemplate] = [state.content.template]
        for _ in 1..<PaywallTemplate.allCases.count {
            _ = PaywallProgram.update(&state, .key(.character("d")))
            seen.append(state.content.template)
        }
        #expect(seen == PaywallTemplate.allCases)
        _ = PaywallProgram.update(&state, .key(.character("d")))
        #expect(state.content.template == .list)
    }

    @Test func theHeroTrialToggleMovesBetweenPlansWithAndWithoutAFreeTrial() async throws {
        var state = try await Self.state(.hero, locale: "en_US", size: Self.sizes[1])
        state.planIndex = 0  // Ultimate Monthly: no free trial
        _ = PaywallProgram.update(&state, .key(.character("f")))
        #expect(state.selectedPlan?.subscription?.introductoryOffer?.paymentMode == .freeTrial)
        let withTrial = state.planIndex
        _ = PaywallProgram.update(&state, .key(.character("f")))
        #expect(state.planIndex != withTrial)
        #expect(state.selectedPlan?.subscription?.introductoryOffer?.paymentMode != .freeTrial)
    }
}

/// The demo paywall loaded once per locale, for the tests that only render it.
actor LoadedStates {
    static let shared = LoadedStates()
    private var states: [String: AppState] = [:]

    func state(locale: String) async throws -> AppState {
        if let state = states[locale] { return state }
        let store = try Fixtures.store()
        _ = try await store.perform(.apply(.locale(locale)))
        let state = try await Fixtures.state(store: store, content: try Fixtures.content())
        states[locale] = state
        return state
    }
}

import Foundation
import Paywall
import SnapshotSupport
import StoreCore
import TerminalUI
import Testing

/// Text snapshots of every screen, control style, label style, product view style and theme,
/// each at a roomy and a cramped size.
@Suite struct ScreenSnapshotTests {
    static let sizes = [Size(columns: 100, rows: 30), Size(columns: 60, rows: 18)]

    func snapshot(_ state: AppState, theme: Theme? = nil, styled: Bool = false, named name: String) throws {
        let theme = try theme ?? Fixtures.theme()
        for size in Self.sizes {
            let frame = PaywallProgram.render(state, theme: theme, size: size)
            let text = styled ? frame.buffer.styledText : frame.buffer.plainText
            assertSnapshot(text, named: "\(name)-\(size)")
        }
    }

    func loaded() async throws -> (AppState, SimulatedStoreHandle) {
        let store = try Fixtures.store()
        return (
            try await Fixtures.state(store: store, content: try Fixtures.content()),
            SimulatedStoreHandle(store)
        )
    }

    @Test(arguments: ControlStyle.allCases)
    func controlStyle(_ style: ControlStyle) async throws {
        var (state, _) = try await loaded()
        state.controlStyle = style
        state.planIndex = 2
        try snapshot(state, named: "style-\(style.rawValue)")
    }

    @Test(arguments: ButtonLabelStyle.allCases)
    func labelStyle(_ label: ButtonLabelStyle) async throws {
        var (state, _) = try await loaded()
        state.labelStyle = label
        try snapshot(state, named: "buttons-label-\(label.rawValue)")
        state.controlStyle = .picker
        try snapshot(state, named: "picker-label-\(label.rawValue)")
    }

    @Test(arguments: ProductViewStyle.allCases)
    func shelf(_ style: ProductViewStyle) async throws {
        var (state, _) = try await loaded()
        state.tab = .shelf
        state.productViewStyle = style
        state.shelf.selected = 2
        state.quantity = 3
        try snapshot(state, named: "shelf-\(style.rawValue)")
    }

    @Test(arguments: ["default", "high-contrast", "mono", "sunset"])
    func theme(_ name: String) async throws {
        let (state, _) = try await loaded()
        try snapshot(state, theme: try Fixtures.theme(name), styled: true, named: "theme-\(name)")
    }

    @Test func overlays() async throws {
        var (state, _) = try await loaded()
        let screens: [(String, Overlay)] = [
            ("help", .help(over: nil)),
            ("terms", .policy(title: "Terms of Service", text: state.content.termsText ?? "", offset: 0)),
            ("redeem", .redeem(TextFieldState(text: "LUMEN"))), ("accounts", .accounts(ListState())),
            ("manager", .transactionManager),
        ]
        for (name, overlay) in screens {
            state.overlay = overlay
            try snapshot(state, named: "overlay-\(name)")
        }
    }

    @Test func tooSmall() throws {
        let state = AppState(content: try Fixtures.content(), size: Size(columns: 20, rows: 6))
        let frame = PaywallProgram.render(
            state, theme: try Fixtures.theme(), size: Size(columns: 20, rows: 6))
        assertSnapshot(frame.buffer.plainText, named: "too-small-20x6")
    }

    @Test func loading() throws {
        let state = AppState(content: try Fixtures.content(), size: Size(columns: 60, rows: 18))
        assertSnapshot(
            PaywallProgram.render(state, theme: try Fixtures.theme(), size: state.size).buffer.plainText,
            named: "loading")
    }
}

/// Keeps the store alive beside a state in tuple results.
struct SimulatedStoreHandle: Sendable {
    let store: any Store & StoreControl
    init(_ store: any Store & StoreControl) { self.store = store }
}

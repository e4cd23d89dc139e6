import Paywall
import Simulator
import StoreCore
import TerminalUI
import Testing

@testable import TerminalCurses

/// The paywall's real frame drawn by real ncurses without a terminal: `newterm` writes to
/// /dev/null and the test reads ncurses' own screen back, so what the snapshots check is what
/// curses puts on the screen, wide glyphs and right-to-left text included.
@Suite(.serialized) struct HeadlessPaywallCursesTests {
    @Test(arguments: ["en_US", "ja"])
    func paywallFrameReachesTheCursesScreen(locale: String) async throws {
        let store = try Fixtures.store()
        if locale != "en_US" { try await store.apply(.locale(locale)) }
        let state = try await Fixtures.state(store: store, content: try Fixtures.content())
        let theme = try Fixtures.theme()
        try CursesTerminal.withHeadlessScreen(rows: 30, columns: 100, colorCapability: .indexed256) {
            terminal in
            let frame = PaywallProgram.render(state, theme: theme, size: terminal.size)
            terminal.draw(frame.buffer)
            #expect(CursesTerminal.screenText(rows: 30, columns: 100) == frame.buffer.plainText)
            #expect(frame.buffer.plainText.contains(locale == "ja" ? "Lumen プロ" : "Lumen Pro"))
        }
    }
}

import CNCursesW
import Glibc
import TerminalUI
import Testing

@testable import TerminalCurses

/// Drives real ncurses without a terminal: `newterm` writes its escape sequences to /dev/null and
/// the test reads ncurses' own virtual screen back with `mvwin_wch`.
@Suite(.serialized) struct HeadlessCursesTests {
    /// Runs `body` with a terminal on a fresh headless screen of `rows` x `columns`.
    private func withHeadlessTerminal(
        rows: Int32, columns: Int32, capability: ColorCapability? = nil,
        _ body: (CursesTerminal) throws -> Void
    ) throws {
        try CursesTerminal.withHeadlessScreen(rows: rows, columns: columns, colorCapability: capability, body)
    }

    private func sampleScreen(size: Size) -> Buffer {
        var buffer = Buffer(size: size)
        let box = Box(title: "Premium · 会員プラン ✓")
        box.render(in: buffer.area, buffer: &buffer)
        let inner = box.inner(buffer.area).inset(left: 1, right: 1)
        Paragraph("Unlock everything — résumé export, 日本語 😀").render(in: inner.row(0), buffer: &buffer)
        let focus = Style(foreground: .black, background: .rgb(255, 215, 0), bold: true)
        Button("Subscribe", isFocused: true, focusedStyle: focus).render(in: inner.row(2), buffer: &buffer)
        Banner("שלום 123 approved", style: Style(underline: true)).render(in: inner.row(4), buffer: &buffer)
        return buffer
    }

    @Test func drawsBufferIntoTheVirtualScreen() throws {
        // `swift test` may run with NO_COLOR set, so ask for colour explicitly.
        try withHeadlessTerminal(rows: 8, columns: 60, capability: .indexed256) { terminal in
            #expect(terminal.size == Size(columns: 60, rows: 8))
            let buffer = sampleScreen(size: terminal.size)
            terminal.draw(buffer)
            #expect(readScreen(rows: 8, columns: 60) == buffer.plainText)

            // The focused button: bold, on a colour pair whose background is #ffd700's nearest (220).
            let (_, attributes, pair) = cell(y: 3, x: 2)
            #expect(attributes & cncursesw_a_bold() != 0)
            var foreground: Int16 = 0
            var background: Int16 = 0
            pair_content(pair, &foreground, &background)
            #expect(pair != 0)
            #expect(foreground == 0)
            #expect(background == 220)
            #expect(cell(y: 5, x: 2).attributes & cncursesw_a_underline() != 0)
        }
    }

    @Test func redrawsOnlyTheDiffAndKeepsTheScreenInStep() throws {
        try withHeadlessTerminal(rows: 6, columns: 30) { terminal in
            var buffer = sampleScreen(size: terminal.size)
            terminal.draw(buffer)
            buffer.write("日本", x: 2, y: 1)
            buffer.write("x", x: 3, y: 1)  // cuts 日 in half: the buffer blanks its left column
            terminal.draw(buffer)
            #expect(readScreen(rows: 6, columns: 30) == buffer.plainText)
        }
    }

    @Test func noColorEnvironmentMeansMonochrome() throws {
        let saved = getenv("NO_COLOR").map { String(cString: $0) }
        setenv("NO_COLOR", "1", 1)
        defer { if let saved { setenv("NO_COLOR", saved, 1) } else { unsetenv("NO_COLOR") } }
        try withHeadlessTerminal(rows: 4, columns: 10) { terminal in
            #expect(terminal.colorCapability == .none)
        }
        unsetenv("NO_COLOR")
        try withHeadlessTerminal(rows: 4, columns: 10) { terminal in
            #expect(terminal.colorCapability == .indexed256)
        }
    }

    @Test func monochromeUsesNoColourPairs() throws {
        try withHeadlessTerminal(rows: 8, columns: 60, capability: ColorCapability.none) { terminal in
            terminal.draw(sampleScreen(size: terminal.size))
            let (_, attributes, pair) = cell(y: 3, x: 2)
            #expect(pair == 0)
            #expect(attributes & cncursesw_a_bold() != 0)
        }
    }

    @Test func readsQueuedKeysAndResizes() throws {
        try withHeadlessTerminal(rows: 8, columns: 60) { terminal in
            // resizeterm may have queued its own KEY_RESIZE: start from an empty queue.
            while terminal.readKey(timeoutMilliseconds: 0) != nil {}
            unget_wch(wchar_t(0x00E9))
            #expect(terminal.readKey(timeoutMilliseconds: 0) == .character("é"))
            ungetch(KEY_RESIZE)
            #expect(terminal.readKey(timeoutMilliseconds: 0) == .resize(Size(columns: 60, rows: 8)))
            ungetch(KEY_NPAGE)
            #expect(terminal.readKey(timeoutMilliseconds: 0) == .pageDown)
            #expect(terminal.readKey(timeoutMilliseconds: 0) == nil)
        }
    }

    @Test(arguments: [
        (Int32(OK), UInt32(3), Key.ctrl("c")), (OK, 9, .tab), (OK, 13, .enter), (OK, 127, .backspace),
        (OK, 27, .escape), (OK, 0x4F1A, .character("会")), (KEY_CODE_YES, UInt32(KEY_BTAB), .backTab),
        (KEY_CODE_YES, UInt32(KEY_F0 + 5), .function(5)), (KEY_CODE_YES, UInt32(KEY_DC), .delete),
    ])
    func decodesKeys(status: Int32, value: UInt32, key: Key) {
        #expect(Key.decode(status: status, value: value) == key)
    }

    private func cell(y: Int32, x: Int32) -> (text: String, attributes: attr_t, pair: Int16) {
        var character = cchar_t()
        mvwin_wch(cncursesw_stdscr(), y, x, &character)
        var characters = [wchar_t](repeating: 0, count: 8)
        var attributes: attr_t = 0
        var pair: Int16 = 0
        getcchar(&character, &characters, &attributes, &pair, nil)
        let scalars = characters.prefix { $0 != 0 }.compactMap { Unicode.Scalar(UInt32(bitPattern: $0)) }
        return (String(String.UnicodeScalarView(scalars)), attributes, pair)
    }

    private func readScreen(rows: Int32, columns: Int32) -> String {
        CursesTerminal.screenText(rows: rows, columns: columns)
    }
}

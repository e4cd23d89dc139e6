import SnapshotSupport
import Testing

@testable import TerminalUI

@Suite struct WidgetTests {
    private let cta = Style(foreground: .indexed(15), background: .indexed(33), bold: true)
    private let focus = Style(foreground: .black, background: .yellow, bold: true)

    private func render(_ size: Size, _ draw: (inout Buffer) -> Void) -> Buffer {
        var buffer = Buffer(size: size)
        draw(&buffer)
        return buffer
    }

    @Test(arguments: [
        ("rounded", Border.rounded), ("single", .single), ("double", .double), ("heavy", .heavy),
        ("ascii", .ascii),
    ])
    func boxBorders(name: String, border: Border) {
        let buffer = render(Size(columns: 24, rows: 4)) { buffer in
            let box = Box(title: "Premium · 会員プラン ✓", border: border)
            box.render(in: buffer.area, buffer: &buffer)
            Paragraph("Unlock everything — 日本語 too").render(
                in: box.inner(buffer.area).inset(left: 1), buffer: &buffer)
        }
        assertSnapshot(buffer.plainText, named: "box-\(name)")
    }

    @Test func paragraphWrapsAndMarksCutText() {
        let buffer = render(Size(columns: 14, rows: 3)) { buffer in
            Paragraph("Cancel anytime in Settings. Billed yearly after the free trial ends.")
                .render(in: buffer.area, buffer: &buffer)
        }
        assertSnapshot(buffer.plainText, named: "paragraph-cut")
    }

    @Test func buttonsShowFocusInStyle() {
        let buffer = render(Size(columns: 30, rows: 1)) { buffer in
            let columns = buffer.area.split(columns: [.fixed(15), .fill()])
            Button("Subscribe", isFocused: true, style: cta, focusedStyle: focus).render(
                in: columns[0], buffer: &buffer)
            Button("Restore", style: cta, focusedStyle: focus).render(in: columns[1], buffer: &buffer)
        }
        assertSnapshot(buffer.styledText, named: "buttons")
    }

    @Test func listKeepsSelectionVisibleWhileScrolling() {
        let items = (1...20).map { ListView.Item("Plan \($0)", detail: "$\($0).99") }
        var state = ListState()
        state.select(by: 12, count: items.count)
        let area = Rect(x: 0, y: 0, width: 24, height: 5)
        let list = ListView(items, state: state)
        let resolved = list.resolvedState(in: area)
        #expect(resolved.offset == 8)
        #expect(resolved.selected == 12)
        let buffer = render(area.size) { list.render(in: $0.area, buffer: &$0) }
        assertSnapshot(buffer.styledText, named: "list-scrolled")
        state.select(by: -100, count: items.count)
        state.scrollToSelection(visibleRows: 5, count: items.count)
        #expect(state == ListState(selected: 0, offset: 0))
    }

    @Test func textViewerScrollsWithIndicator() {
        let text = (1...12).map { "Line \($0) of the terms." }.joined(separator: "\n")
        let viewer = TextViewer(text, offset: 100)
        let area = Rect(x: 0, y: 0, width: 30, height: 4)
        #expect(viewer.maxOffset(in: area) == 8)
        let buffer = render(area.size) { viewer.render(in: $0.area, buffer: &$0) }
        assertSnapshot(buffer.plainText, named: "viewer-end")
    }

    @Test func textFieldEditsAndScrollsToTheCursor() {
        var state = TextFieldState(maxLength: 11)
        for character in "OFFER会2024X" { state.insert(character) }
        #expect(state.text == "OFFER会2024X")
        let acceptedPastLimit = state.insert("Y")
        #expect(!acceptedPastLimit)
        state.handle(.left)
        state.handle(.backspace)
        state.handle(.home)
        state.handle(.delete)
        #expect(state.text == "FFER会202X")
        #expect(state.cursor == 0)
        state.handle(.end)
        let field = TextField(state, isFocused: true)
        let area = Rect(x: 2, y: 0, width: 8, height: 1)
        #expect(field.cursorPosition(in: area) == Point(x: 9, y: 0))
        let buffer = render(Size(columns: 10, rows: 1)) { field.render(in: area, buffer: &$0) }
        #expect(buffer.plainText == "  R会202X")
        let empty = render(Size(columns: 12, rows: 1)) {
            TextField(TextFieldState(), placeholder: "Offer code").render(in: $0.area, buffer: &$0)
        }
        #expect(empty.plainText == "Offer code")
    }

    @Test func tabsDotsBadgeStatusAndBanner() {
        let buffer = render(Size(columns: 40, rows: 5)) { buffer in
            let rows = buffer.area.split(rows: [.fixed(1), .fixed(1), .fixed(1), .fixed(1), .fixed(1)])
            TabBar(["Monthly", "Yearly", "家族"], selected: 1).render(in: rows[0], buffer: &buffer)
            PageIndicator(count: 3, current: 0).render(in: rows[1], buffer: &buffer)
            Badge("BEST VALUE").render(in: rows[2], buffer: &buffer)
            StatusLine("Simulator · sandbox", trailing: "q quit · ? help").render(
                in: rows[3], buffer: &buffer)
            Banner("Purchase pending — waiting for approval", symbol: "⏳").render(
                in: rows[4], buffer: &buffer)
        }
        assertSnapshot(buffer.styledText, named: "small-widgets")
    }

    @Test func modalDimsTheScreenBehind() {
        let buffer = render(Size(columns: 30, rows: 7)) { buffer in
            for row in 0..<7 { buffer.write("background text row \(row)", x: 0, y: row) }
            let modal = Modal(title: "Confirm", size: Size(columns: 20, rows: 5))
            modal.render(in: buffer.area, buffer: &buffer)
            Paragraph("Buy Pro?").render(in: modal.contentRect(in: buffer.area), buffer: &buffer)
        }
        assertSnapshot(buffer.styledText, named: "modal")
    }

    @Test func helpOverlayListsTheKeyMap() {
        let keyMap = KeyMap([
            KeyBinding(
                keys: [.up, .character("k")], label: "↑/k", description: "previous plan", action: "previous"),
            KeyBinding(keys: [.enter], description: "subscribe", action: "purchase"),
            KeyBinding(keys: [.character("q"), .ctrl("c")], description: "quit", action: "quit"),
        ])
        #expect(keyMap.action(for: .ctrl("c")) == "quit")
        #expect(keyMap.action(for: .down) == nil)
        #expect(keyMap.helpLine(width: 40) == "↑/k previous plan · enter subscribe")
        let buffer = render(Size(columns: 34, rows: 9)) {
            HelpOverlay(keyMap).render(in: $0.area, buffer: &$0)
        }
        assertSnapshot(buffer.plainText, named: "help")
    }

    @Test(arguments: [Size(columns: 0, rows: 0), Size(columns: 1, rows: 1), Size(columns: 3, rows: 2)])
    func widgetsSurviveTinyAreas(size: Size) {
        // The tiny area sits inside a larger buffer filled with '#': a widget must neither crash
        // nor draw outside the area it is given, however little room it has.
        let margin = 2
        var buffer = Buffer(
            size: Size(columns: size.columns + 2 * margin, rows: size.rows + 2 * margin), filling: Cell("#"))
        let area = Rect(x: margin, y: margin, width: size.columns, height: size.rows)
        let widgets: [any Widget] = [
            Box(title: "T"), Paragraph("text 会"), Button("Go"), ListView([.init("a", detail: "b")]),
            TextViewer("x\ny\nz"), TextField(TextFieldState(text: "会"), isFocused: true), TabBar(["a", "b"]),
            PageIndicator(count: 3, current: 2), Badge("B"), StatusLine("s", trailing: "t"), Banner("b"),
            Modal(size: Size(columns: 10, rows: 5)), HelpOverlay(KeyMap<String>([])),
        ]
        for widget in widgets {
            widget.render(in: area, buffer: &buffer)
            let outside = (0..<buffer.size.rows).flatMap { y in
                (0..<buffer.size.columns).map { x in Point(x: x, y: y) }
            }.filter { !area.contains($0) && buffer[$0.x, $0.y] != Cell("#") }
            #expect(outside.isEmpty, "\(type(of: widget)) drew outside \(area) at \(outside)")
        }
    }

    @Test func keyNamesRoundTrip() {
        let keys: [Key] = [
            .character("q"), .character(" "), .ctrl("c"), .function(5), .pageDown, .backTab, .escape,
        ]
        for key in keys { #expect(Key(name: key.description) == key) }
        #expect(Key(name: "ctrl-") == nil)
        #expect(Key.click(Point(x: 3, y: 4)).description == "click 3,4")
    }

    @Test func headlessTerminalTracksCursorKeysAndResize() {
        let terminal = HeadlessTerminal(size: Size(columns: 10, rows: 2))
        terminal.press(.tab)
        terminal.resize(to: Size(columns: 12, rows: 3))
        #expect(terminal.readKey(timeoutMilliseconds: 0) == .tab)
        #expect(terminal.readKey(timeoutMilliseconds: 0) == .resize(Size(columns: 12, rows: 3)))
        #expect(terminal.readKey(timeoutMilliseconds: 0) == nil)
        var buffer = Buffer(size: terminal.size)
        buffer.write("hello", x: 0, y: 0)
        terminal.setCursor(Point(x: 5, y: 0))
        terminal.draw(buffer)
        #expect(terminal.lastDrawCellCount == 5)
        #expect(terminal.cursor == Point(x: 5, y: 0))
        terminal.draw(buffer)
        #expect(terminal.lastDrawCellCount == 0)
        #expect(terminal.screen.plainText == "hello\n\n")
    }
}

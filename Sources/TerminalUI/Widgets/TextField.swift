/// The editable contents of a one-line text field (an offer code, an account name).
///
/// The cursor counts grapheme clusters, so "é" or "会" is one step and is deleted whole.
public struct TextFieldState: Hashable, Sendable {
    public private(set) var text: String
    /// The cursor position in characters, 0...text.count.
    public private(set) var cursor: Int
    /// The most characters accepted; nil for no limit.
    public var maxLength: Int?

    public init(text: String = "", maxLength: Int? = nil) {
        let limited = maxLength.map { String(text.prefix($0)) } ?? text
        self.text = limited
        self.cursor = limited.count
        self.maxLength = maxLength
    }

    /// Inserts `character` at the cursor; returns false when the field is full or it is a control.
    @discardableResult
    public mutating func insert(_ character: Character) -> Bool {
        guard !character.isNewline, DisplayWidth.of(character) > 0 else { return false }
        if let maxLength, text.count >= maxLength { return false }
        text.insert(character, at: text.index(text.startIndex, offsetBy: cursor))
        cursor += 1
        return true
    }

    /// Deletes the character before the cursor (Backspace).
    public mutating func deleteBackward() {
        guard cursor > 0 else { return }
        text.remove(at: text.index(text.startIndex, offsetBy: cursor - 1))
        cursor -= 1
    }

    /// Deletes the character under the cursor (Delete).
    public mutating func deleteForward() {
        guard cursor < text.count else { return }
        text.remove(at: text.index(text.startIndex, offsetBy: cursor))
    }

    public mutating func moveCursor(by delta: Int) { cursor = min(text.count, max(0, cursor + delta)) }
    public mutating func moveToStart() { cursor = 0 }
    public mutating func moveToEnd() { cursor = text.count }

    /// Applies an editing key; returns false for keys the field does not use (Enter, Tab, ...).
    @discardableResult
    public mutating func handle(_ key: Key) -> Bool {
        switch key {
        case .character(let character): return insert(character)
        case .backspace: deleteBackward()
        case .delete: deleteForward()
        case .left: moveCursor(by: -1)
        case .right: moveCursor(by: 1)
        case .home, .ctrl("a"): moveToStart()
        case .end, .ctrl("e"): moveToEnd()
        default: return false
        }
        return true
    }
}

/// A one-line text field: the text scrolled horizontally so the cursor stays visible, a muted
/// placeholder when empty. ``cursorPosition(in:)`` tells the backend where to show the cursor.
public struct TextField: Widget, Sendable {
    public var state: TextFieldState
    public var placeholder: String
    public var isFocused: Bool
    public var style: Style
    public var focusedStyle: Style
    public var placeholderStyle: Style

    public init(
        _ state: TextFieldState, placeholder: String = "", isFocused: Bool = false,
        style: Style = Style(underline: true), focusedStyle: Style = Style(reverse: true),
        placeholderStyle: Style = Style(dim: true)
    ) {
        self.state = state
        self.placeholder = placeholder
        self.isFocused = isFocused
        self.style = style
        self.focusedStyle = focusedStyle
        self.placeholderStyle = placeholderStyle
    }

    /// The first visible character and the cursor's column within `area`.
    private func layout(in area: Rect) -> (start: Int, cursorColumn: Int) {
        let characters = Array(state.text)
        let widthBeforeCursor = characters.prefix(state.cursor).reduce(0) { $0 + DisplayWidth.of($1) }
        // Keep one column free for the cursor after the last character.
        var start = 0
        var column = widthBeforeCursor
        while column > area.width - 1 && start < state.cursor {
            column -= DisplayWidth.of(characters[start])
            start += 1
        }
        return (start, column)
    }

    /// Where the terminal cursor belongs when the field has focus; nil when unfocused or hidden.
    public func cursorPosition(in area: Rect) -> Point? {
        guard isFocused, !area.isEmpty else { return nil }
        return Point(x: area.x + min(layout(in: area).cursorColumn, area.width - 1), y: area.y)
    }

    public func render(in area: Rect, buffer: inout Buffer) {
        guard !area.isEmpty else { return }
        let line = area.row(0)
        let fieldStyle = isFocused ? focusedStyle : style
        buffer.fill(line, with: Cell(" ", style: fieldStyle))
        if state.text.isEmpty {
            buffer.write(
                placeholder, x: line.x, y: line.y, style: fieldStyle.patched(with: placeholderStyle),
                clip: line)
            return
        }
        let visible = String(state.text.dropFirst(layout(in: area).start))
        buffer.write(visible, x: line.x, y: line.y, style: fieldStyle, clip: line)
    }
}

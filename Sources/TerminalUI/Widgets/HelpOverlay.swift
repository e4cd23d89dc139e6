/// A modal listing a key map: key labels in one column, descriptions in the other.
/// Rows that do not fit are cut, with "…" on the last row.
public struct HelpOverlay: Widget, Sendable {
    /// The rows listed, usually a key map's ``KeyMap/help``.
    public var rows: [KeyHelp]
    public var title: String
    public var style: Style
    public var keyStyle: Style
    public var borderStyle: Style

    /// Lists every row of `keyMap`'s help, so the overlay shows exactly the keys it dispatches.
    public init<Action>(
        _ keyMap: KeyMap<Action>, title: String = "Keys", style: Style = .plain,
        keyStyle: Style = Style(bold: true), borderStyle: Style = .plain
    ) {
        self.init(rows: keyMap.help, title: title, style: style, keyStyle: keyStyle, borderStyle: borderStyle)
    }

    public init(
        rows: [KeyHelp], title: String = "Keys", style: Style = .plain, keyStyle: Style = Style(bold: true),
        borderStyle: Style = .plain
    ) {
        self.rows = rows
        self.title = title
        self.style = style
        self.keyStyle = keyStyle
        self.borderStyle = borderStyle
    }

    private var keyColumnWidth: Int { rows.map { DisplayWidth.of($0.label) }.max() ?? 0 }

    /// The modal the overlay draws in `area`.
    public func modal(in area: Rect) -> Modal {
        let descriptionWidth = rows.map { DisplayWidth.of($0.description) }.max() ?? 0
        let width = max(keyColumnWidth + 2 + descriptionWidth, DisplayWidth.of(title) + 4) + 6
        return Modal(
            title: title, size: Size(columns: width, rows: rows.count + 4), style: style,
            borderStyle: borderStyle)
    }

    public func render(in area: Rect, buffer: inout Buffer) {
        let modal = modal(in: area)
        modal.render(in: area, buffer: &buffer)
        let content = modal.contentRect(in: area).inset(top: 1)
        guard !content.isEmpty else { return }
        let columns = content.split(columns: [.fixed(keyColumnWidth), .fill()], spacing: 2)
        let bindings = rows
        for (row, binding) in bindings.prefix(content.height).enumerated() {
            let isCut = row == content.height - 1 && bindings.count > content.height
            buffer.writeLine(
                isCut ? TextLayout.ellipsis : binding.label, in: columns[0].row(row),
                style: style.patched(with: keyStyle))
            if !isCut { buffer.writeLine(binding.description, in: columns[1].row(row), style: style) }
        }
    }
}

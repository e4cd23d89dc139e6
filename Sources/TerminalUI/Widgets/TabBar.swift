/// A row of tab titles with the selected one highlighted: ` Monthly │ Yearly │ Family `.
/// Titles that do not fit are cut, the last visible one with an ellipsis.
public struct TabBar: Widget, Sendable {
    public var titles: [String]
    public var selected: Int
    public var style: Style
    public var selectedStyle: Style
    public var separator: String

    public init(
        _ titles: [String], selected: Int = 0, style: Style = .plain,
        selectedStyle: Style = Style(bold: true, reverse: true), separator: String = "│"
    ) {
        self.titles = titles
        self.selected = selected
        self.style = style
        self.selectedStyle = selectedStyle
        self.separator = separator
    }

    /// The rectangle each title occupies in `area` (for mouse hit-testing); empty when cut off.
    public func titleRects(in area: Rect) -> [Rect] {
        var x = area.x
        return titles.map { title in
            let width = DisplayWidth.of(title) + 2
            defer { x += width + DisplayWidth.of(separator) }
            return Rect(x: x, y: area.y, width: width, height: 1).intersection(area.row(0))
        }
    }

    public func render(in area: Rect, buffer: inout Buffer) {
        guard !area.isEmpty else { return }
        let line = area.row(0)
        buffer.fill(line, with: Cell(" ", style: style))
        for (index, rect) in titleRects(in: area).enumerated() where !rect.isEmpty {
            let tabStyle = index == selected ? selectedStyle : style
            buffer.writeLine(" \(titles[index]) ", in: rect, style: tabStyle, alignment: .leading)
            if index < titles.count - 1 {
                buffer.write(separator, x: rect.maxX, y: line.y, style: style, clip: line)
            }
        }
    }
}

/// Dots for a paged picker: `● ○ ○` with the current page filled.
public struct PageIndicator: Widget, Sendable {
    public var count: Int
    public var current: Int
    public var style: Style
    public var currentStyle: Style
    public var alignment: Alignment

    public init(
        count: Int, current: Int, style: Style = Style(dim: true), currentStyle: Style = Style(bold: true),
        alignment: Alignment = .center
    ) {
        self.count = count
        self.current = current
        self.style = style
        self.currentStyle = currentStyle
        self.alignment = alignment
    }

    /// The dots as text, e.g. `"●○○"` spaced as `"● ○ ○"`.
    public var text: String { (0..<count).map { $0 == current ? "●" : "○" }.joined(separator: " ") }

    public func render(in area: Rect, buffer: inout Buffer) {
        guard !area.isEmpty, count > 0 else { return }
        // Fall back to "2/5" when the dots do not fit.
        guard count * 2 - 1 <= area.width else {
            buffer.writeLine(
                "\(current + 1)/\(count)", in: area.row(0), style: currentStyle, alignment: alignment)
            return
        }
        let x = area.x + alignment.offset(width: count * 2 - 1, available: area.width)
        for index in 0..<count {
            let isCurrent = index == current
            buffer[x + index * 2, area.y] = Cell(
                isCurrent ? "●" : "○", style: isCurrent ? currentStyle : style)
        }
    }
}

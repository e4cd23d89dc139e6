/// A scrollable view of long text (terms, privacy policy): wrapped by display width, shown from
/// line `offset`, with a scroll indicator on the right when it does not fit.
public struct TextViewer: Widget, Sendable {
    public var text: String
    public var offset: Int
    public var style: Style
    public var scrollStyle: Style

    public init(_ text: String, offset: Int = 0, style: Style = .plain, scrollStyle: Style = .plain) {
        self.text = text
        self.offset = offset
        self.style = style
        self.scrollStyle = scrollStyle
    }

    /// The text wrapped for `area`, leaving room for the indicator.
    public func lines(in area: Rect) -> [String] {
        let lines = TextLayout.wrap(text, width: area.width)
        guard lines.count > area.height else { return lines }
        return TextLayout.wrap(text, width: area.width - 1)
    }

    /// The largest useful offset in `area`; clamp scrolling with it.
    public func maxOffset(in area: Rect) -> Int { max(0, lines(in: area).count - area.height) }

    public func render(in area: Rect, buffer: inout Buffer) {
        guard !area.isEmpty else { return }
        let lines = lines(in: area)
        let offset = min(max(0, self.offset), max(0, lines.count - area.height))
        let indicator = ScrollIndicator(
            contentLength: lines.count, visibleLength: area.height, offset: offset, style: scrollStyle)
        let content = indicator.isNeeded ? area.inset(right: 1) : area
        for (row, line) in lines.dropFirst(offset).prefix(area.height).enumerated() {
            buffer.writeLine(line, in: content.row(row), style: style)
        }
        indicator.render(
            in: Rect(x: area.maxX - 1, y: area.y, width: 1, height: area.height), buffer: &buffer)
    }
}

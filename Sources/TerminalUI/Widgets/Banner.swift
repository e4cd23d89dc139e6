/// A full-width message row (purchase pending, approved, failed): an optional symbol, the text
/// cut with an ellipsis, the whole row in the banner's style so it reads as one block.
public struct Banner: Widget, Sendable {
    public var text: String
    public var symbol: String
    public var style: Style

    public init(_ text: String, symbol: String = "", style: Style = Style(reverse: true)) {
        self.text = text
        self.symbol = symbol
        self.style = style
    }

    public func render(in area: Rect, buffer: inout Buffer) {
        guard !area.isEmpty else { return }
        let line = area.row(0)
        buffer.fill(line, with: Cell(" ", style: style))
        let message = symbol.isEmpty ? text : "\(symbol) \(text)"
        buffer.writeLine(message, in: line.inset(left: 1, right: 1), style: style)
    }
}

/// A short highlighted label with a space of padding each side: ` BEST VALUE `.
public struct Badge: Widget, Sendable {
    public var text: String
    public var style: Style

    public init(_ text: String, style: Style = Style(bold: true, reverse: true)) {
        self.text = text
        self.style = style
    }

    /// Columns the badge takes when not cut.
    public var width: Int { DisplayWidth.of(text) + 2 }

    public func render(in area: Rect, buffer: inout Buffer) {
        guard !area.isEmpty else { return }
        let shown = TextLayout.truncate(text, toWidth: max(0, area.width - 2))
        buffer.writeLine(" \(shown) ", in: area.row(0), style: style, alignment: .leading)
    }
}

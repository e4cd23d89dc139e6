/// A full-width line with text at the leading edge and more at the trailing edge (key hints,
/// store state). When both do not fit, the trailing text yields first.
public struct StatusLine: Widget, Sendable {
    public var leading: String
    public var trailing: String
    public var style: Style

    public init(_ leading: String, trailing: String = "", style: Style = Style(reverse: true)) {
        self.leading = leading
        self.trailing = trailing
        self.style = style
    }

    public func render(in area: Rect, buffer: inout Buffer) {
        guard !area.isEmpty else { return }
        let line = area.row(0)
        buffer.fill(line, with: Cell(" ", style: style))
        let inner = line.inset(left: 1, right: 1)
        let used = buffer.writeLine(leading, in: inner, style: style, alignment: .leading)
        let room = inner.maxX - (used.maxX + 2)
        guard !trailing.isEmpty, room >= 1 else { return }
        buffer.writeLine(
            trailing, in: inner.inset(left: inner.width - room), style: style, alignment: .trailing)
    }
}

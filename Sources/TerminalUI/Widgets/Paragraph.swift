/// Several lines of text wrapped by display width, each aligned and laid out right-to-left
/// where needed. Lines beyond the area are cut; the last visible one ends in "…" when text remains.
public struct Paragraph: Widget, Sendable {
    public var text: String
    public var style: Style
    /// nil aligns each right-to-left line to the trailing edge and the rest to the leading edge.
    public var alignment: Alignment?
    /// When false, lines are cut with an ellipsis instead of wrapped.
    public var wraps: Bool

    public init(_ text: String, style: Style = .plain, alignment: Alignment? = nil, wraps: Bool = true) {
        self.text = text
        self.style = style
        self.alignment = alignment
        self.wraps = wraps
    }

    /// The lines as they will be laid out for `width` columns (before height clipping).
    public func lines(width: Int) -> [String] {
        wraps
            ? TextLayout.wrap(text, width: width)
            : text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// The number of rows the paragraph needs at `width` columns.
    public func height(width: Int) -> Int { lines(width: width).count }

    public func render(in area: Rect, buffer: inout Buffer) {
        guard !area.isEmpty else { return }
        let lines = lines(width: area.width)
        for (row, line) in lines.prefix(area.height).enumerated() {
            var text = line
            if row == area.height - 1 && lines.count > area.height {
                // More text follows: mark the cut so the reader knows to scroll or enlarge.
                text = TextLayout.prefix(of: line, width: area.width - 1) + TextLayout.ellipsis
            }
            buffer.writeLine(text, in: area.row(row), style: style, alignment: alignment)
        }
    }
}

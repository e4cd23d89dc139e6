/// A bordered frame with an optional title in the top edge, optionally filling its inside.
public struct Box: Widget, Sendable {
    public var title: String
    public var border: Border
    public var style: Style
    public var titleStyle: Style
    /// When set, the inside is cleared to blanks of this style (panels over other content).
    public var fill: Style?

    public init(
        title: String = "", border: Border = .rounded, style: Style = .plain, titleStyle: Style? = nil,
        fill: Style? = nil
    ) {
        self.title = title
        self.border = border
        self.style = style
        self.titleStyle = titleStyle ?? style.patched(with: Style(bold: true))
        self.fill = fill
    }

    /// The area inside the border.
    public func inner(_ area: Rect) -> Rect { area.inset(by: 1) }

    public func render(in area: Rect, buffer: inout Buffer) {
        if let fill { buffer.fill(area, with: Cell(" ", style: fill)) }
        guard area.width >= 2, area.height >= 2 else { return }
        let right = area.maxX - 1
        let bottom = area.maxY - 1
        for x in area.x + 1..<right {
            buffer[x, area.y] = Cell(border.horizontal, style: style)
            buffer[x, bottom] = Cell(border.horizontal, style: style)
        }
        for y in area.y + 1..<bottom {
            buffer[area.x, y] = Cell(border.vertical, style: style)
            buffer[right, y] = Cell(border.vertical, style: style)
        }
        buffer[area.x, area.y] = Cell(border.topLeft, style: style)
        buffer[right, area.y] = Cell(border.topRight, style: style)
        buffer[area.x, bottom] = Cell(border.bottomLeft, style: style)
        buffer[right, bottom] = Cell(border.bottomRight, style: style)
        if !title.isEmpty && area.width > 4 {
            let titleArea = Rect(x: area.x + 2, y: area.y, width: area.width - 4, height: 1)
            let shown = TextLayout.truncate(title, toWidth: titleArea.width - 2)
            buffer.writeLine(" \(shown) ", in: titleArea, style: titleStyle, alignment: .leading)
        }
    }
}

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
        // Edges are the bulk of a box: build each cell once and place it without re-measuring.
        let horizontal = Cell(border.horizontal, style: style)
        let vertical = Cell(border.vertical, style: style)
        for x in area.x + 1..<right {
            if buffer.contains(x: x, y: area.y) { buffer.put(horizontal, width: 1, x: x, y: area.y) }
            if buffer.contains(x: x, y: bottom) { buffer.put(horizontal, width: 1, x: x, y: bottom) }
        }
        for y in area.y + 1..<bottom {
            if buffer.contains(x: area.x, y: y) { buffer.put(vertical, width: 1, x: area.x, y: y) }
            if buffer.contains(x: right, y: y) { buffer.put(vertical, width: 1, x: right, y: y) }
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

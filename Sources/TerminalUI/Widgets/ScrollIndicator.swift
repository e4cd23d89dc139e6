/// A one-column scroll bar: a track with a thumb sized and placed by the visible fraction.
/// Drawn only when the content is taller than the view.
public struct ScrollIndicator: Widget, Sendable {
    public var contentLength: Int
    public var visibleLength: Int
    public var offset: Int
    public var style: Style

    public init(contentLength: Int, visibleLength: Int, offset: Int, style: Style = .plain) {
        self.contentLength = contentLength
        self.visibleLength = visibleLength
        self.offset = offset
        self.style = style
    }

    /// True when there is anything to scroll.
    public var isNeeded: Bool { contentLength > visibleLength && visibleLength > 0 }

    public func render(in area: Rect, buffer: inout Buffer) {
        guard isNeeded, !area.isEmpty else { return }
        let track = area.height
        let thumb = max(1, track * visibleLength / contentLength)
        let maxOffset = contentLength - visibleLength
        let thumbStart = maxOffset == 0 ? 0 : (track - thumb) * min(max(0, offset), maxOffset) / maxOffset
        for row in 0..<track {
            let isThumb = row >= thumbStart && row < thumbStart + thumb
            buffer[area.x, area.y + row] = Cell(isThumb ? "█" : "│", style: style)
        }
    }
}

/// The scrolling state of a list: which row is selected and which is at the top.
public struct ListState: Hashable, Sendable {
    public var selected: Int
    public var offset: Int

    public init(selected: Int = 0, offset: Int = 0) {
        self.selected = selected
        self.offset = offset
    }

    /// Moves the selection by `delta`, clamped to `count` items.
    public mutating func select(by delta: Int, count: Int) {
        guard count > 0 else { return }
        selected = min(count - 1, max(0, selected + delta))
    }

    /// Adjusts `offset` so the selection is inside `visibleRows`, scrolling as little as possible.
    public mutating func scrollToSelection(visibleRows: Int, count: Int) {
        guard visibleRows > 0, count > 0 else {
            offset = 0
            return
        }
        selected = min(count - 1, max(0, selected))
        if selected < offset { offset = selected }
        if selected >= offset + visibleRows { offset = selected - visibleRows + 1 }
        offset = min(max(0, count - visibleRows), max(0, offset))
    }
}

/// A vertical list with one selected row, a selection marker, optional trailing detail text per
/// row (a price, a badge), and a scroll indicator when the items do not fit.
public struct ListView: Widget, Sendable {
    /// One row: leading title and optional trailing detail.
    public struct Item: Hashable, Sendable {
        public var title: String
        public var detail: String
        public init(_ title: String, detail: String = "") {
            self.title = title
            self.detail = detail
        }
    }

    public var items: [Item]
    public var state: ListState
    public var style: Style
    public var selectedStyle: Style
    public var scrollStyle: Style
    /// Drawn before the selected row; blanks of the same width before the others.
    public var marker: String

    public init(
        _ items: [Item], state: ListState = ListState(), style: Style = .plain,
        selectedStyle: Style = Style(reverse: true), scrollStyle: Style = .plain, marker: String = "›"
    ) {
        self.items = items
        self.state = state
        self.style = style
        self.selectedStyle = selectedStyle
        self.scrollStyle = scrollStyle
        self.marker = marker
    }

    /// The state after keeping the selection visible in `area`; store it back to keep scrolling
    /// stable from frame to frame.
    public func resolvedState(in area: Rect) -> ListState {
        var state = self.state
        state.scrollToSelection(visibleRows: area.height, count: items.count)
        return state
    }

    public func render(in area: Rect, buffer: inout Buffer) {
        guard !area.isEmpty else { return }
        let state = resolvedState(in: area)
        let indicator = ScrollIndicator(
            contentLength: items.count, visibleLength: area.height, offset: state.offset, style: scrollStyle)
        let content = indicator.isNeeded ? area.inset(right: 1) : area
        let markerWidth = DisplayWidth.of(marker)
        for row in 0..<min(area.height, items.count - state.offset) {
            let index = state.offset + row
            let item = items[index]
            let isSelected = index == state.selected
            let rowStyle = isSelected ? selectedStyle : style
            let line = content.row(row)
            buffer.fill(line, with: Cell(" ", style: rowStyle))
            let prefix = (isSelected ? marker : String(repeating: " ", count: markerWidth)) + " "
            let text = line.inset(left: markerWidth + 1)
            buffer.write(prefix, x: line.x, y: line.y, style: rowStyle, clip: line)
            var titleArea = text
            if !item.detail.isEmpty {
                let detail = buffer.writeLine(
                    item.detail, in: text.inset(right: 1), style: rowStyle, alignment: .trailing)
                titleArea = text.inset(right: text.maxX - detail.x + 1)
            }
            buffer.writeLine(item.title, in: titleArea, style: rowStyle, alignment: .leading)
        }
        indicator.render(
            in: Rect(x: area.maxX - 1, y: area.y, width: 1, height: area.height), buffer: &buffer)
    }
}

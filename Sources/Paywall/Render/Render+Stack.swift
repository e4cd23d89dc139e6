import TerminalUI

/// One block of a paywall template, stacked top to bottom by ``layoutStack(_:in:)``.
struct Section {
    /// Rows it wants.
    var height: Int
    /// Rows it can live with; below this it is left out.
    var minimum: Int
    /// Which blocks stay when rows run out: higher stays longer, and shrinks later.
    var priority: Int
    var draw: (inout Canvas, Rect) -> Void

    init(height: Int, minimum: Int? = nil, priority: Int, draw: @escaping (inout Canvas, Rect) -> Void) {
        self.height = max(0, height)
        self.minimum = min(self.height, max(0, minimum ?? height))
        self.priority = priority
        self.draw = draw
    }
}

extension PaywallProgram {
    /// Lays sections out in `area` and draws them. When rows run short, the gaps between sections
    /// go first, then low-priority sections shrink to their minimum, then they are left out;
    /// spare rows are shared above and below (a little more below), so the paywall sits in the
    /// middle of a tall terminal rather than under its top edge.
    static func layoutStack(_ canvas: inout Canvas, _ sections: [Section], in area: Rect) {
        var heights = sections.map(\.height)
        var kept = sections.map { $0.height > 0 }
        func used(gap: Int) -> Int {
            let count = kept.filter { $0 }.count
            return zip(heights, kept).reduce(0) { $0 + ($1.1 ? $1.0 : 0) } + max(0, count - 1) * gap
        }
        var gap = 1
        if used(gap: 1) > area.height { gap = 0 }
        let byPriority = sections.indices.sorted { sections[$0].priority < sections[$1].priority }
        for index in byPriority where used(gap: gap) > area.height && kept[index] {
            let over = used(gap: gap) - area.height
            heights[index] = max(sections[index].minimum, heights[index] - over)
        }
        for index in byPriority where used(gap: gap) > area.height && kept[index] {
            kept[index] = false
        }
        let spare = max(0, area.height - used(gap: gap))
        var y = area.y + spare * 2 / 5
        for index in sections.indices where kept[index] {
            let rect = Rect(x: area.x, y: y, width: area.width, height: min(heights[index], area.maxY - y))
            if rect.height > 0 { sections[index].draw(&canvas, rect) }
            y += heights[index] + gap
        }
    }
}

extension Rect {
    /// This rectangle narrowed to at most `width` columns, centred.
    func centred(width: Int) -> Rect {
        let width = min(self.width, width)
        return Rect(x: x + (self.width - width) / 2, y: y, width: width, height: height)
    }
}

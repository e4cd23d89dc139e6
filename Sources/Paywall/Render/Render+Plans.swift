import StoreCore
import TerminalUI

extension PaywallProgram {
    /// Rows the options want in a style (more are cut or scrolled when the screen is short).
    static func optionsHeight(_ style: ControlStyle, _ label: ButtonLabelStyle, _ count: Int) -> Int {
        switch style {
        case .buttons: count * (label == .multiline ? 3 : 2)
        case .picker: count * 2
        case .prominentPicker: count * 4
        case .compactPicker: 3
        case .pagedPicker: 5
        case .pagedProminentPicker: 7
        }
    }

    static func renderPlans(_ canvas: inout Canvas, _ state: AppState, _ rows: [PlanRow], area: Rect) {
        guard !area.isEmpty else { return }
        switch state.controlStyle {
        case .buttons: renderButtonsStyle(&canvas, state, rows, area: area)
        case .picker: renderListStyle(&canvas, rows, area: area, prominent: false)
        case .prominentPicker: renderListStyle(&canvas, rows, area: area, prominent: true)
        case .compactPicker: renderCompactStyle(&canvas, rows, area: area)
        case .pagedPicker: renderPagedStyle(&canvas, rows, area: area, prominent: false)
        case .pagedProminentPicker: renderPagedStyle(&canvas, rows, area: area, prominent: true)
        }
    }

    /// The first row to show so the selected one (`height` rows each) stays visible.
    static func firstVisible(_ rows: [PlanRow], rowHeight: Int, area: Rect) -> Int {
        let fitting = max(1, area.height / rowHeight)
        let selected = rows.firstIndex { $0.isSelected } ?? 0
        return max(0, min(selected - fitting + 1, rows.count - fitting))
    }

    /// The trailing decorations of a plan: relationship tag and savings badge (on the left edge
    /// in right-to-left locales). Returns the rest of the line.
    static func renderTags(_ canvas: inout Canvas, _ row: PlanRow, line: Rect) -> Rect {
        var right = line.maxX
        var left = line.x
        for text in [row.highlight, row.badge, row.tag].compactMap({ $0 }) {
            let badge = Badge(text, style: canvas[text == row.tag ? .accent : .badge])
            let x = row.rightToLeft ? left : right - badge.width
            let rect = Rect(x: x, y: line.y, width: badge.width, height: 1)
            guard right - left - badge.width > 10 else { break }
            badge.render(in: rect, buffer: &canvas.buffer)
            if row.rightToLeft { left = rect.maxX + 1 } else { right = rect.x - 1 }
        }
        return Rect(x: left, y: line.y, width: right - left, height: 1)
    }

    /// `.buttons`: every plan is its own button, labelled by the label style. With the action
    /// label only the selected plan's button says what it does ("Start 1-week free trial · Pro"):
    /// the verb on every row would repeat itself. The price follows the button, and the marks
    /// (badge, saving, relationship) follow the price, beside their plan.
    static func renderButtonsStyle(_ canvas: inout Canvas, _ state: AppState, _ rows: [PlanRow], area: Rect) {
        let height = state.labelStyle == .multiline ? 3 : 2
        let first = firstVisible(rows, rowHeight: height, area: area)
        for (offset, row) in rows.dropFirst(first).enumerated() {
            let top = offset * height
            guard top < area.height else { break }
            let index = first + offset
            let line = area.row(top)
            let label: String =
                switch state.labelStyle {
                case .action: row.isSelected ? "\(row.action) · \(row.name)" : row.name
                case .displayName, .multiline: row.name
                case .price: row.price
                case .singleLine: "\(row.name) · \(row.price)"
                }
            // The selected plan's button may already say its mark ("Current plan").
            let marks = [row.highlight, row.badge, row.tag].compactMap { $0 }.filter {
                !(row.isSelected && state.labelStyle == .action && $0 == row.action)
            }
            let showsPrice = state.labelStyle == .action || state.labelStyle == .displayName
            let priceWidth = showsPrice ? DisplayWidth.of(row.price) + 1 : 0
            // The marks give way first (only whole ones are drawn), then the button is cut (it
            // ends in "…") so its price still shows.
            let wanted = max(8, min(DisplayWidth.of(label) + 4, line.width - priceWidth))
            let slot =
                row.rightToLeft
                ? line.inset(left: max(0, line.width - wanted))
                : line.inset(right: max(0, line.width - wanted))
            let button = canvas.button(
                label, at: slot, focused: row.isSelected, role: row.isSelected ? .cta : .ctaText,
                target: .plan(index))
            var rest =
                row.rightToLeft ? line.inset(right: button.width + 1) : line.inset(left: button.width + 1)
            if showsPrice {
                let shown = canvas.text(
                    row.price, in: rest, role: .muted, alignment: row.rightToLeft ? .trailing : .leading)
                rest =
                    row.rightToLeft ? rest.inset(right: shown.width + 1) : rest.inset(left: shown.width + 1)
            }
            renderInlineMarks(&canvas, row, marks, in: rest)
            if state.labelStyle == .multiline {
                canvas.text("  \(row.price)", in: area.row(top + 1), role: .text)
                canvas.targets.append((area.row(top + 1), .plan(index)))
                if let detail = row.offer {
                    canvas.text("  \(detail)", in: area.row(top + 2), role: .success)
                }
            } else if let detail = row.offer {
                canvas.text("  \(detail)", in: area.row(top + 1), role: .success)
            }
        }
    }

    /// The marks of a plan one after the other from the start of `area` (its end, mirrored), as
    /// many as fit whole.
    static func renderInlineMarks(_ canvas: inout Canvas, _ row: PlanRow, _ marks: [String], in area: Rect) {
        var left = area.x
        var right = area.maxX
        for text in marks {
            let badge = Badge(text, style: canvas[text == row.tag ? .accent : .badge])
            guard badge.width <= right - left else { break }
            let x = row.rightToLeft ? right - badge.width : left
            badge.render(in: Rect(x: x, y: area.y, width: badge.width, height: 1), buffer: &canvas.buffer)
            if row.rightToLeft { right = x - 1 } else { left = x + badge.width + 1 }
        }
    }

    /// `.picker` and `.prominentPicker`: radio rows, the prominent ones boxed.
    static func renderListStyle(_ canvas: inout Canvas, _ rows: [PlanRow], area: Rect, prominent: Bool) {
        let height = prominent ? 4 : 2
        let first = firstVisible(rows, rowHeight: height, area: area)
        for (offset, row) in rows.dropFirst(first).enumerated() {
            let top = offset * height
            // A boxed option cut by the bottom edge would draw its text over its border: show
            // only whole boxes (the selection always scrolls into view).
            guard top + (prominent ? height : 1) <= area.height else { break }
            let index = first + offset
            var line = area.row(top)
            var detailLine = area.row(top + 1)
            if prominent {
                let box = Rect(
                    x: area.x, y: area.y + top, width: area.width, height: min(4, area.height - top))
                Box(
                    border: row.isSelected ? .heavy : .rounded,
                    style: canvas[row.isSelected ? .focus : .border]
                )
                .render(in: box, buffer: &canvas.buffer)
                canvas.targets.append((box, .plan(index)))
                line = box.inset(left: 2, right: 2).row(1)
                detailLine = box.inset(left: 2, right: 2).row(2)
            } else {
                if row.isSelected { canvas.buffer.fill(line, with: Cell(" ", style: canvas[.selection])) }
                canvas.targets.append(
                    (Rect(x: line.x, y: line.y, width: line.width, height: 2), .plan(index)))
            }
            let style = row.isSelected && !prominent ? canvas[.selection] : canvas[.text]
            let free = renderTags(&canvas, row, line: line)
            let marker = row.isSelected ? "◉" : "○"
            let priceWidth = DisplayWidth.of(row.price)
            if row.rightToLeft {
                // Mirrored: the marker and name from the right edge, the price on the left.
                canvas.text(
                    "\(row.name) \(marker)", in: free.inset(left: priceWidth + 2), style: style,
                    alignment: .trailing)
                canvas.text(
                    row.price, in: free.inset(left: 1, right: max(0, free.width - priceWidth - 1)),
                    style: style)
            } else {
                let nameArea = free.inset(right: priceWidth + 2)
                canvas.text("\(marker) \(row.name)", in: nameArea, style: style)
                canvas.text(
                    row.price, in: free.inset(left: max(0, free.width - priceWidth - 1)), style: style)
            }
            if let offer = row.offer { canvas.text("  \(offer)", in: detailLine, role: .success) }
        }
    }

    /// `.compactPicker`: the options side by side, the offer of the selected one under them.
    static func renderCompactStyle(_ canvas: inout Canvas, _ rows: [PlanRow], area: Rect) {
        let cells = area.row(0).split(columns: rows.map { _ in .fill() }, spacing: 1)
        for (index, (row, cell)) in zip(rows, cells).enumerated() {
            let style = row.isSelected ? canvas[.focus] : canvas[.selection]
            let block = Rect(x: cell.x, y: cell.y, width: cell.width, height: min(2, area.height))
            canvas.buffer.fill(block, with: Cell(" ", style: style))
            canvas.text(row.name, in: block.row(0), style: style, alignment: .center)
            canvas.text(row.price, in: block.row(1), style: style, alignment: .center)
            canvas.targets.append((block, .plan(index)))
        }
        if let selected = rows.first(where: \.isSelected), area.height > 2 {
            let extra = [selected.offer, selected.badge, selected.tag].compactMap { $0 }.joined(
                separator: " · ")
            canvas.text(extra, in: area.row(2), role: .success, alignment: .center)
        }
    }

    /// `.pagedPicker` and `.pagedProminentPicker`: one plan per page, ←/→ and dots.
    static func renderPagedStyle(_ canvas: inout Canvas, _ rows: [PlanRow], area: Rect, prominent: Bool) {
        guard let current = rows.firstIndex(where: \.isSelected) else { return }
        let row = rows[current]
        var inner = area
        if prominent {
            let box = Rect(x: area.x, y: area.y, width: area.width, height: min(area.height - 1, 6))
            Box(title: row.tag ?? "", border: .heavy, style: canvas[.focus]).render(
                in: box, buffer: &canvas.buffer)
            inner = box.inset(top: 1, left: 2, bottom: 1, right: 2)
        }
        let lines: [(String, ThemeRole)] = [
            ("‹  \(row.name)  ›", .accent), (row.price, .text), (row.offer ?? "", .success),
            ([row.badge, prominent ? nil : row.tag].compactMap { $0 }.joined(separator: " · "), .badge),
        ]
        for (offset, line) in lines.enumerated() where offset < inner.height {
            canvas.text(line.0, in: inner.row(offset), role: line.1, alignment: .center)
        }
        canvas.targets.append((inner, .plan(current)))
        let dots = Rect(x: area.x, y: area.maxY - 1, width: area.width, height: 1)
        PageIndicator(
            count: rows.count, current: current, style: canvas[.muted], currentStyle: canvas[.accent]
        )
        .render(in: dots, buffer: &canvas.buffer)
    }
}

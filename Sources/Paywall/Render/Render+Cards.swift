import Foundation
import StoreCore
import TerminalUI

extension PaywallProgram {
    /// *cards*: the title, the plans side by side as cards (the selected one with a heavy border
    /// in the focus colour), one large call to action, the disclosures.
    static func cardsSections(_ state: AppState, width: Int) -> [Section] {
        var sections = [titleSection(state)]
        sections += [groupSection(state), subscriberSection(state, width: width)].compactMap { $0 }
        let rows = planRows(state)
        sections.append(
            Section(height: 8, minimum: 4, priority: 90) { canvas, rect in
                renderCards(&canvas, rows, rightToLeft: state.isRightToLeft, area: rect)
            })
        sections.append(callToActionSection(state, large: true))
        if let disclosure = disclosureSection(state, width: width) { sections.append(disclosure) }
        return sections
    }

    /// The title and subtitle, centred, without the features.
    static func titleSection(_ state: AppState) -> Section {
        var lines: [(String, ThemeRole)] = [(state.title, .accent)]
        if let subtitle = state.content.subtitle { lines.append((subtitle, .muted)) }
        return Section(height: lines.count, minimum: 1, priority: 60) { canvas, rect in
            for (row, line) in lines.prefix(rect.height).enumerated() {
                var style = canvas[line.1]
                style.bold = row == 0
                canvas.text(line.0, in: rect.row(row), style: style, alignment: .center)
            }
        }
    }

    /// The cards that fit (at least 18 columns each), a window around the selection when not all
    /// do, with ‹ › marks for the ones beyond. Right-to-left locales put the first plan on the right.
    static func renderCards(_ canvas: inout Canvas, _ rows: [PlanRow], rightToLeft: Bool, area: Rect) {
        guard !rows.isEmpty else { return }
        let fitting = max(1, min(rows.count, (area.width - 2 + 1) / 19))
        let selected = rows.firstIndex(where: \.isSelected) ?? 0
        let first = max(0, min(selected - fitting / 2, rows.count - fitting))
        let shown = Array(rows.indices[first..<(first + fitting)])
        let inner = area.inset(left: 1, right: 1)
        let cardWidth = min(30, (inner.width - (fitting - 1)) / fitting)
        let total = cardWidth * fitting + (fitting - 1)
        let left = inner.x + (inner.width - total) / 2
        if first > 0 {
            canvas.text(
                rightToLeft ? "›" : "‹", in: area.row(area.height / 2).inset(right: area.width - 1),
                role: .muted)
        }
        if first + fitting < rows.count {
            canvas.text(
                rightToLeft ? "‹" : "›", in: area.row(area.height / 2).inset(left: area.width - 1),
                role: .muted)
        }
        for (slot, index) in shown.enumerated() {
            let position = rightToLeft ? fitting - 1 - slot : slot
            let rect = Rect(
                x: left + position * (cardWidth + 1), y: area.y, width: cardWidth, height: area.height)
            renderCard(&canvas, rows[index], area: rect)
            canvas.targets.append((rect, .plan(index)))
        }
    }

    /// One card: name (two lines if need be), billed price, per-month breakdown, savings or
    /// relationship, offer; empty parts take no row, and the offer wraps into what is left.
    static func renderCard(_ canvas: inout Canvas, _ row: PlanRow, area: Rect) {
        Box(border: row.isSelected ? .heavy : .rounded, style: canvas[row.isSelected ? .focus : .border])
            .render(in: area, buffer: &canvas.buffer)
        let inner = area.inset(top: 1, left: 1, bottom: 1, right: 1)
        guard !inner.isEmpty else { return }
        var name = canvas[.text]
        name.bold = row.isSelected
        var price = canvas[.accent]
        price.bold = true
        let extras = [row.highlight, row.badge, row.tag].compactMap { $0 }.joined(separator: " · ")
        var lines: [(String, Style)] = TextLayout.wrap(row.name, width: inner.width, maxLines: 2).map {
            ($0, name)
        }
        lines.append((row.price, price))
        if let perMonth = row.perMonth { lines.append((perMonth, canvas[.muted])) }
        if !extras.isEmpty { lines.append((extras, canvas[.muted])) }
        if let offer = row.offer {
            let room = max(1, inner.height - lines.count)
            var wrapped = TextLayout.wrap(offer, width: inner.width)
            if wrapped.count > room {
                // The card already shows the regular price: keep the offer's own part ("2 weeks
                // free"), cut where every language's terms turn to "then …", and mark the cut.
                let short =
                    offer.split(whereSeparator: { ",、，،".contains($0) }).first.map(String.init) ?? offer
                wrapped = TextLayout.wrap(short, width: inner.width, maxLines: room)
                if let last = wrapped.last, !last.hasSuffix(TextLayout.ellipsis) {
                    wrapped[wrapped.count - 1] = TextLayout.endingInEllipsis(last, width: inner.width)
                }
            }
            lines += wrapped.prefix(room).map { ($0, canvas[.success]) }
        }
        for (offset, line) in lines.prefix(inner.height).enumerated() {
            canvas.text(line.0, in: inner.row(offset), style: line.1, alignment: .center)
        }
    }

    /// *comparison*: the title, a feature × tier table with each tier's prices under it (the
    /// selected plan's cell highlighted), the call to action, the disclosures.
    static func comparisonSections(_ state: AppState, width: Int) -> [Section] {
        var sections = [titleSection(state)]
        sections += [groupSection(state), subscriberSection(state, width: width)].compactMap { $0 }
        let table = ComparisonTable(state)
        sections.append(
            Section(height: table.height, minimum: table.minimumHeight, priority: 90) { canvas, rect in
                table.render(&canvas, rightToLeft: state.isRightToLeft, area: rect)
            })
        sections.append(callToActionSection(state))
        if let disclosure = disclosureSection(state, width: width) { sections.append(disclosure) }
        return sections
    }
}

/// Features down the side, the group's levels across (lowest service on the left), then a row
/// of prices per period.
struct ComparisonTable {
    var levels: [Int]
    var tierNames: [String]
    var features: [PaywallContent.Feature]
    /// The periods the plans come in, shortest first.
    var periods: [SubscriptionPeriod]
    /// Per period, per level: the plan's index among the plans and its price.
    var prices: [[(index: Int, price: String, short: String)?]]
    var selected: Int
    /// The column of the selected plan's level.
    var selectedLevel: Int?
    var periodNames: [String]

    init(_ state: AppState) {
        let plans = state.store.plans
        let strings = state.content.strings
        levels = state.store.levels.reversed()
        tierNames = levels.map { Self.tierName(state.store.plans(level: $0)) }
        features = state.content.features
        var periods: [SubscriptionPeriod] = []
        for plan in plans {
            if let period = plan.subscription?.period, !periods.contains(period) { periods.append(period) }
        }
        periods.sort { $0.approximateDays < $1.approximateDays }
        self.periods = periods
        periodNames = periods.map { strings.duration(value: $0.value, unit: $0.unit) }
        let levels = self.levels
        prices = periods.map { period in
            levels.map { level in
                plans.firstIndex { $0.subscription?.groupLevel == level && $0.subscription?.period == period }
                    .map {
                        (
                            $0, OfferText.pricePerPeriod(plans[$0], strings),
                            strings.amount(plans[$0].displayPrice)
                        )
                    }
            }
        }
        selected = min(state.planIndex, plans.count - 1)
        let level = plans[selected].subscription?.groupLevel
        selectedLevel = levels.firstIndex { $0 == level }
    }

    var height: Int { 2 + features.count + 1 + periods.count }
    var minimumHeight: Int { 1 + periods.count }

    func render(_ canvas: inout Canvas, rightToLeft: Bool, area: Rect) {
        let labels = features.map { "\($0.symbol) \($0.title)" } + periodNames
        let labelWidth = min(area.width * 2 / 5, (labels.map(DisplayWidth.of).max() ?? 0) + 1)
        let tierWidth = max(1, (area.width - labelWidth) / max(1, levels.count))
        let used = labelWidth + tierWidth * levels.count
        let table = area.centred(width: used)
        func column(_ level: Int) -> Rect {
            let position = rightToLeft ? levels.count - 1 - level : level
            let x = table.x + (rightToLeft ? 0 : labelWidth) + position * tierWidth
            return Rect(x: x, y: table.y, width: tierWidth - 1, height: 1)
        }
        let labelColumn = Rect(
            x: rightToLeft ? table.maxX - labelWidth : table.x, y: table.y, width: labelWidth - 1, height: 1)
        let alignment: Alignment = rightToLeft ? .trailing : .leading
        // Rows from the top: tier names, a rule, the features (dropped first), a rule, the prices.
        let featureRows = max(0, min(features.count, area.height - 1 - periods.count - 2))
        var y = 0
        for (index, name) in tierNames.enumerated() {
            var style = canvas[index == selectedLevel ? .focus : .text]
            style.bold = true
            canvas.text(name, in: column(index).shifted(y), style: style, alignment: .center)
        }
        y += 1
        if featureRows > 0 {
            canvas.text(String(repeating: "─", count: table.width), in: table.row(y), role: .border)
            y += 1
            for feature in features.prefix(featureRows) {
                canvas.text(
                    "\(feature.symbol) \(feature.title)", in: labelColumn.shifted(y), role: .text,
                    alignment: alignment)
                for (index, level) in levels.enumerated() {
                    let included = feature.levels?.contains(level) ?? true
                    canvas.text(
                        included ? "✓" : "—", in: column(index).shifted(y),
                        role: included ? .success : .muted,
                        alignment: .center)
                }
                y += 1
            }
        }
        if area.height - y > periods.count {
            canvas.text(String(repeating: "─", count: table.width), in: table.row(y), role: .border)
            y += 1
        }
        for (row, name) in periodNames.enumerated() where y < area.height {
            canvas.text(name, in: labelColumn.shifted(y), role: .muted, alignment: alignment)
            for (index, cell) in prices[row].enumerated() {
                guard let cell else { continue }
                let rect = column(index).shifted(y)
                let isSelected = cell.index == selected
                var style = canvas[isSelected ? .selection : .text]
                style.bold = isSelected
                if isSelected { canvas.buffer.fill(rect, with: Cell(" ", style: style)) }
                // Narrow columns drop the "/month" their row's label already says.
                let price = DisplayWidth.of(cell.price) <= rect.width ? cell.price : cell.short
                canvas.text(price, in: rect, style: style, alignment: .center)
                canvas.targets.append((rect, .plan(cell.index)))
            }
            y += 1
        }
    }
}

extension ComparisonTable {
    /// A level's name from its plans' names: what they share ("Lumen Pro" from "Lumen Pro
    /// (Monthly)" and "Lumen Pro (Annual)"), else the first name without its bracketed part.
    static func tierName(_ plans: [Product]) -> String {
        let names = plans.map(\.displayName)
        guard var shared = names.first else { return "" }
        for name in names.dropFirst() {
            shared = String(zip(shared, name).prefix { $0 == $1 }.map(\.0))
        }
        if names.count == 1, let bracket = shared.firstIndex(where: { "(（[".contains($0) }) {
            shared = String(shared[..<bracket])
        }
        let trimmed = shared.trimmingCharacters(in: CharacterSet(charactersIn: " ([（-·—"))
        return trimmed.isEmpty ? (names.first ?? "") : trimmed
    }
}

extension Rect {
    /// The same rectangle `rows` rows lower.
    func shifted(_ rows: Int) -> Rect { Rect(x: x, y: y + rows, width: width, height: height) }
}

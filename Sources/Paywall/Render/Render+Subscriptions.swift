import Foundation
import StoreCore
import TerminalUI

/// One plan as the templates show it, whatever the style, in the paywall's language.
struct PlanRow {
    var product: Product
    var name: String
    /// The billed amount per period ("$79.99/year"): the most prominent price of the plan.
    var price: String
    /// The offer's terms ("2 weeks free, then $79.99/year").
    var offer: String?
    /// "Save 33%".
    var badge: String?
    /// "Current plan", "Upgrade" ...
    var tag: String?
    /// "$6.67/mo" for plans longer than a month.
    var perMonth: String?
    /// The copy's badge for the plan: "Most popular", "Best value".
    var highlight: String?
    /// What its call to action does: "Subscribe", "Start 1-week free trial", "Current plan"...
    var action = ""
    var isSelected: Bool
    /// Whether the row is laid out mirrored, for Arabic and Hebrew.
    var rightToLeft = false
}

extension PaywallProgram {
    /// SubscriptionStoreView in the chosen template, centred at the template's width.
    static func renderSubscriptions(_ canvas: inout Canvas, _ state: AppState, area: Rect) {
        guard !state.store.plans.isEmpty else {
            canvas.text(
                state.content.strings[.noSubscriptions], in: area.row(1), role: .muted, alignment: .center)
            return
        }
        let template = state.content.template
        let content = area.centred(width: template.maximumWidth)
        let sections: [Section] =
            switch template {
            case .list: listSections(state, width: content.width)
            case .cards: cardsSections(state, width: content.width)
            case .hero: heroSections(state, width: content.width)
            case .comparison: comparisonSections(state, width: content.width)
            }
        layoutStack(&canvas, sections, in: content)
    }

    static func planRows(_ state: AppState) -> [PlanRow] {
        let plans = state.store.plans
        let strings = state.content.strings
        let standing = state.standing
        return plans.enumerated().map { index, product in
            let planStanding = state.planStanding(product, standing)
            // Offers only where the plan is for sale to this customer, and only those they may get.
            let offer = PlanOffer.best(for: product, in: state.store, standing: standing).map {
                OfferText.terms($0.offer, product: product, strings)
            }
            return PlanRow(
                product: product, name: product.displayName,
                price: OfferText.pricePerPeriod(product, strings),
                offer: planStanding.isForSale ? offer : nil,
                badge: OfferText.savings(product, among: plans, strings),
                tag: planTag(planStanding, standing, strings),
                perMonth: OfferText.perMonth(product, locale: state.content.locale, strings),
                highlight: state.content.planBadges[product.id].map { strings[standing: $0.word] },
                action: actionWord(state, plan: product, planStanding, standing),
                isSelected: index == min(state.planIndex, plans.count - 1), rightToLeft: state.isRightToLeft)
        }
    }
}

/// Whether the paywall's language reads right to left: rows are mirrored.
extension AppState {
    var isRightToLeft: Bool { content.strings.isRightToLeft }

    /// Where text that starts a line goes: the left edge, or the right one in Arabic and Hebrew.
    var leading: Alignment { isRightToLeft ? .trailing : .leading }
}

extension PaywallProgram {
    /// The title, the subtitle and the features, each a line; the features shrink away first.
    static func headerSection(_ state: AppState, centred: Bool, priority: Int = 50) -> Section {
        let content = state.content
        var lines: [(String, ThemeRole, Bool)] = [(state.title, .accent, true)]
        if let subtitle = content.subtitle { lines.append((subtitle, .muted, false)) }
        for feature in content.features {
            let detail = feature.detail.map { " — \($0)" } ?? ""
            lines.append(("\(feature.symbol) \(feature.title)\(detail)", .text, false))
        }
        let alignment: Alignment = centred ? .center : state.leading
        return Section(height: lines.count, minimum: 1, priority: priority) { canvas, rect in
            for (row, line) in lines.prefix(rect.height).enumerated() {
                var style = canvas[line.1]
                if line.2 { style.bold = true }
                canvas.text(line.0, in: rect.row(row), style: style, alignment: alignment)
            }
        }
    }

    /// "‹ Lumen Membership (1/6) ›  g": which subscription group shows, when there are several.
    static func groupSection(_ state: AppState) -> Section? {
        let groups = state.store.subscriptionGroups
        guard groups.count > 1 else { return nil }
        let index = groups.firstIndex { $0.id == state.store.groupID } ?? 0
        let text =
            "‹ \(state.content.strings[.group]): \(groups[index].name) (\(index + 1)/\(groups.count)) ›  g"
        return Section(height: 1, priority: 85) { canvas, rect in
            let shown = canvas.text(text, in: rect, role: .accent, alignment: .center)
            canvas.targets.append((shown, .paywall(.group)))
        }
    }

    /// The subscriber's plan, when there is one: a line, two when the template is narrow.
    static func subscriberSection(_ state: AppState, width: Int) -> Section? {
        guard let (text, role) = subscriberLine(state) else { return nil }
        // Broken between its parts, never inside a date or a phrase.
        var lines: [String] = []
        for part in text.components(separatedBy: " · ") {
            if let last = lines.last, DisplayWidth.of(last + " · " + part) <= width {
                lines[lines.count - 1] = last + " · " + part
            } else {
                lines.append(part)
            }
        }
        return Section(height: lines.count, minimum: 1, priority: 75) { canvas, rect in
            for (row, line) in lines.prefix(rect.height).enumerated() {
                canvas.text(line, in: rect.row(row), role: role, alignment: .center)
            }
        }
    }

    /// The call to action as a filled button, `rect.height` rows tall (1 or 3), centred.
    static func renderCallToAction(
        _ canvas: inout Canvas, _ state: AppState, area: Rect, fullWidth: Bool = false
    ) {
        let (label, _) = callToAction(state)
        let width = fullWidth ? area.width : min(area.width, max(DisplayWidth.of(label) + 8, area.width / 2))
        let rect = Rect(x: area.x + (area.width - width) / 2, y: area.y, width: width, height: area.height)
        canvas.buffer.fill(rect, with: Cell(" ", style: canvas[.cta]))
        canvas.text(label, in: rect.row(rect.height / 2), role: .cta, alignment: .center)
        canvas.targets.append((rect, .paywall(.buy)))
    }

    /// The call to action as a section: 3 rows when `large` and there is room, else 1.
    static func callToActionSection(_ state: AppState, large: Bool = false) -> Section {
        Section(height: large ? 3 : 1, minimum: 1, priority: 100) { canvas, rect in
            renderCallToAction(&canvas, state, area: rect, fullWidth: large)
        }
    }
}

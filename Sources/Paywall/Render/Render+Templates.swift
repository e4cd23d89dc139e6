import StoreCore
import TerminalUI

extension PaywallProgram {
    /// *list*: the header, the plans in the control style, the call to action, the disclosures.
    static func listSections(_ state: AppState, width: Int) -> [Section] {
        let rows = planRows(state)
        let rowHeight = optionsHeight(state.controlStyle, state.labelStyle, 1)
        let plans = Section(
            height: optionsHeight(state.controlStyle, state.labelStyle, rows.count),
            minimum: state.controlStyle.isPaged || state.controlStyle == .compactPicker ? 2 : rowHeight,
            priority: 80
        ) { canvas, rect in renderPlans(&canvas, state, rows, area: rect) }
        var sections = [headerSection(state, centred: false)]
        sections += [groupSection(state), subscriberSection(state, width: width)].compactMap { $0 }
        sections.append(plans)
        // With `.buttons` every plan is its own subscribe button, as in SubscriptionStoreView.
        if state.controlStyle != .buttons { sections.append(callToActionSection(state)) }
        if let disclosure = disclosureSection(state, width: width) { sections.append(disclosure) }
        return sections
    }

    /// *hero*: a centred title, the features with their symbols, one plan with a free-trial
    /// toggle, the call to action, the disclosures.
    static func heroSections(_ state: AppState, width: Int) -> [Section] {
        let content = state.content
        var sections: [Section] = []
        sections.append(titleSection(state))
        if !content.features.isEmpty {
            let features = content.features
            let widest = features.map { DisplayWidth.of("\($0.symbol)  \($0.title)") }.max() ?? 0
            sections.append(
                Section(height: features.count, minimum: 0, priority: 40) { canvas, rect in
                    // One column, centred as a block so the symbols line up.
                    let block = rect.centred(width: widest)
                    for (row, feature) in features.prefix(rect.height).enumerated() {
                        let line = block.row(row)
                        if state.isRightToLeft {
                            canvas.text(
                                feature.symbol, in: line.inset(left: max(0, line.width - 2)), role: .accent)
                            canvas.text(
                                feature.title, in: line.inset(right: 3), role: .text, alignment: .trailing)
                        } else {
                            canvas.text(feature.symbol, in: line, role: .accent)
                            canvas.text(
                                feature.title, in: line.inset(left: 3), role: .text, alignment: .leading)
                        }
                    }
                })
        }
        sections += [groupSection(state), subscriberSection(state, width: width)].compactMap { $0 }
        sections.append(heroPlanSection(state))
        if let toggle = trialToggleSection(state) { sections.append(toggle) }
        sections.append(callToActionSection(state))
        if let disclosure = disclosureSection(state, width: width) { sections.append(disclosure) }
        return sections
    }

    /// The one plan the hero shows: its name with ‹ › to step, the billed price, the offer.
    static func heroPlanSection(_ state: AppState) -> Section {
        let rows = planRows(state)
        let index = min(state.planIndex, rows.count - 1)
        let row = rows[index]
        return Section(height: 3, minimum: 2, priority: 90) { canvas, rect in
            var name = canvas[.text]
            name.bold = false
            canvas.text("‹  \(row.name)  ›", in: rect.row(0), style: name, alignment: .center)
            canvas.targets.append((rect.row(0), .paywall(.next)))
            var price = canvas[.accent]
            price.bold = true
            canvas.text(row.price, in: rect.row(1), style: price, alignment: .center)
            let extra = [row.tag, row.highlight, row.offer, row.perMonth, row.badge].compactMap { $0 }
                .joined(separator: " · ")
            if rect.height > 2 { canvas.text(extra, in: rect.row(2), role: .success, alignment: .center) }
        }
    }

    /// "Free trial  ━━●  on": shown when some plan of the group starts with a free trial.
    static func trialToggleSection(_ state: AppState) -> Section? {
        guard state.store.plans.contains(where: { state.store.hasFreeTrial($0) }) else { return nil }
        let on = state.selectedPlan.map { state.store.hasFreeTrial($0) } ?? false
        let text = "\(state.content.strings[.freeTrial])   \(on ? "━━●" : "○━━")   f"
        return Section(height: 1, priority: 70) { canvas, rect in
            let shown = canvas.text(text, in: rect, role: on ? .success : .muted, alignment: .center)
            canvas.targets.append((shown, .paywall(.trial)))
        }
    }
}

import Foundation
import StoreCore
import TerminalUI

extension PaywallProgram {
    static func renderOverlay(_ canvas: inout Canvas, _ state: AppState, _ overlay: Overlay, area: Rect) {
        switch overlay {
        case .sheet(let sheet, _): renderSheet(&canvas, state, sheet, area: area)
        case .help(let under):
            // The help stands in front of what it describes, which stays visible around it.
            if let under { renderOverlay(&canvas, state, under, area: area) }
            let page = KeyMaps.page(for: under)
            // The paywall's own key list is in its language; the other pages (a tester's tools, the
            // sheet and dialogs, whose hints are translated) stay English.
            let strings = state.content.strings
            HelpOverlay(
                rows: under == nil ? strings.localized(KeyMaps.paywall).help : page.rows,
                title: under == nil ? strings[.keysTitle] : page.title,
                style: canvas[.text], keyStyle: canvas[.accent],
                borderStyle: canvas[.border]
            ).render(in: area, buffer: &canvas.buffer)
        case .policy(let title, let text, let offset):
            let modal = Modal(
                title: title, size: Size(columns: area.width - 4, rows: area.height - 2),
                style: canvas[.text],
                borderStyle: canvas[.border])
            modal.render(in: area, buffer: &canvas.buffer)
            let content = modal.contentRect(in: area)
            let body = content.inset(bottom: 1)
            let viewer = TextViewer(text, offset: offset, style: canvas[.text], scrollStyle: canvas[.muted])
            viewer.render(in: body, buffer: &canvas.buffer)
            canvas.text(
                state.content.strings.localized(KeyMaps.policy).hintLine(),
                in: content.row(content.height - 1),
                role: .muted)
        case .redeem(let field):
            let modal = Modal(
                title: state.content.strings[.redeem], size: Size(columns: 44, rows: 7), style: canvas[.text],
                borderStyle: canvas[.border])
            modal.render(in: area, buffer: &canvas.buffer)
            let content = modal.contentRect(in: area)
            canvas.text(state.content.strings[.enterCode], in: content.row(0))
            let input = TextField(
                field, placeholder: BidiText.visualOrder(state.content.strings[.codePlaceholder]),
                isFocused: true,
                style: canvas[.selection],
                focusedStyle: canvas[.selection],
                placeholderStyle: canvas[.muted])
            input.render(in: content.row(2), buffer: &canvas.buffer)
            canvas.cursor = input.cursorPosition(in: content.row(2))
            canvas.text(
                state.content.strings.localized(KeyMaps.redeem).hintLine(), in: content.row(4), role: .muted)
        case .accounts(let list):
            renderAccounts(&canvas, state, list, area: area)
        case .transactionManager:
            renderManager(&canvas, state, area: area)
        case .cancelSheet(let sheet, _, _):
            renderCancelSheet(&canvas, state, sheet, area: area)
        }
    }

    /// The App Store's payment sheet: product, price, account, offer terms; Confirm / Cancel.
    static func renderSheet(_ canvas: inout Canvas, _ state: AppState, _ sheet: PaymentSheet, area: Rect) {
        let product = sheet.product
        var lines: [(String, ThemeRole)] = [
            (product.displayName, .accent), (product.description, .muted), ("", .text),
        ]
        if let offer = sheet.offer {
            lines.append((OfferText.terms(offer, product: product, state.content.strings), .success))
        }
        let price =
            sheet.quantity > 1
            ? "\(product.displayPrice) × \(sheet.quantity)"
            : OfferText.pricePerPeriod(product, state.content.strings)
        // Labels padded to one width so the values line up, in any language.
        let strings = state.content.strings
        let labels = [strings[.price], strings[.account]]
        let labelWidth = labels.map(DisplayWidth.of).max() ?? 0
        func padded(_ label: String) -> String {
            label + String(repeating: " ", count: labelWidth - DisplayWidth.of(label) + 2)
        }
        lines.append((padded(labels[0]) + price, .text))
        lines.append((padded(labels[1]) + sheet.account.rawValue, .text))
        let width = min(area.width - 2, max(48, lines.map { DisplayWidth.of($0.0) }.max() ?? 0) + 6)
        let modal = Modal(
            title: "App Store", size: Size(columns: width, rows: lines.count + 5), style: canvas[.text],
            borderStyle: canvas[.border])
        modal.render(in: area, buffer: &canvas.buffer)
        let content = modal.contentRect(in: area)
        for (row, line) in lines.enumerated() where row < content.height - 2 {
            canvas.text(line.0, in: content.row(row), role: line.1)
        }
        let buttons = content.row(content.height - 1)
        let confirm = canvas.button(strings[.confirm], at: buttons, focused: true, target: .sheet(.confirm))
        canvas.button(
            strings[.cancel], at: buttons.inset(left: confirm.width + 2), role: .muted,
            target: .sheet(.cancel))
        canvas.text(
            strings.localized(KeyMaps.sheet).hintLine(), in: buttons, role: .muted, alignment: .trailing)
    }
}

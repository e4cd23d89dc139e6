import Foundation
import Presets
import StoreCore
import TerminalUI

extension PaywallProgram {
    /// The account menu: the sandbox accounts, then the presets a tester can load (each replaces
    /// the store's whole history), with the selected preset's description under the list.
    static func renderAccounts(_ canvas: inout Canvas, _ state: AppState, _ list: ListState, area: Rect) {
        let accounts = state.store.accounts
        let presets = Preset.all
        let strings = state.content.strings
        let width = min(max(40, area.width - 4), 64)
        let modal = Modal(
            title: strings[.accountsTitle],
            size: Size(columns: width, rows: min(area.height - 2, accounts.count + presets.count + 6)),
            style: canvas[.text], borderStyle: canvas[.border])
        modal.render(in: area, buffer: &canvas.buffer)
        let content = modal.contentRect(in: area)
        var items = accounts.map {
            ListView.Item(
                $0.name.rawValue + ($0.name == state.store.account ? " " + strings[.signedInMark] : ""),
                detail: $0.storefront)
        }
        items += presets.map { ListView.Item(strings.format(.presetItem, ["name": $0.name])) }
        ListView(items, state: list, style: canvas[.text], selectedStyle: canvas[.selection])
            .render(in: content.inset(bottom: 3), buffer: &canvas.buffer)
        let preset = list.selected - accounts.count
        if preset >= 0, preset < presets.count {
            canvas.text(presets[preset].summary, in: content.row(content.height - 3), role: .text)
            canvas.text(
                strings[.presetWarning], in: content.row(content.height - 2),
                role: .warning)
        } else {
            canvas.text(
                strings[.presetsBelow], in: content.row(content.height - 3),
                role: .muted)
        }
        canvas.text(
            strings.localized(KeyMaps.accounts).hintLine(), in: content.row(content.height - 1), role: .muted)
    }
}

import Foundation
import Presets
import StoreCore
import TerminalUI

extension PaywallProgram {
    /// Keys while an overlay other than the Transaction Manager is in front.
    static func handleOverlayKey(_ state: inout AppState, _ overlay: Overlay, _ key: Key) -> [Effect] {
        switch overlay {
        case .sheet(let sheet, let options):
            guard let action = KeyMaps.sheet.action(for: key) else { return [] }
            return performSheet(&state, sheet, options, action: action)
        case .help(let under):
            switch KeyMaps.help.action(for: key) {
            case .close, nil: state.overlay = under
            }
        case .policy(let title, let text, let offset):
            guard let action = KeyMaps.policy.action(for: key) else { return [] }
            let step: Int
            switch action {
            case .up: step = -1
            case .down: step = 1
            case .pageUp: step = -10
            case .pageDown: step = 10
            case .close:
                state.overlay = nil
                return []
            case .help:
                state.overlay = .help(over: overlay)
                return []
            }
            // The renderer clamps the offset to the text's length at the current size.
            state.overlay = .policy(title: title, text: text, offset: max(0, offset + step))
        case .redeem(var field):
            guard let action = KeyMaps.redeem.action(for: key) else { return [] }
            switch action {
            case .cancel: state.overlay = nil
            case .help: state.overlay = .help(over: overlay)
            case .redeem:
                let code = field.text.trimmingCharacters(in: .whitespaces)
                state.overlay = nil
                guard !code.isEmpty else { return [] }
                return [.redeem(code: code)]
            case .type:
                field.handle(key)
                state.overlay = .redeem(field)
            }
        case .accounts(var list):
            guard let action = KeyMaps.accounts.action(for: key) else { return [] }
            let accounts = state.store.accounts
            // The accounts, then the presets (Presets): one list, one selection.
            let count = accounts.count + Preset.all.count
            switch action {
            case .close: state.overlay = nil
            case .help: state.overlay = .help(over: overlay)
            case .previous: list.select(by: -1, count: count)
            case .next: list.select(by: 1, count: count)
            case .switch:
                state.overlay = nil
                guard list.selected < count else { return [] }
                state.notices.removeAll()
                guard list.selected < accounts.count else {
                    return [.loadPreset(Preset.all[list.selected - accounts.count].name)]
                }
                return [.switchAccount(accounts[list.selected].name)]
            }
            if case .accounts = state.overlay { state.overlay = .accounts(list) }
        case .transactionManager:
            return handleManagerKey(&state, key)
        case .cancelSheet(let sheet, let transactionID, let fromManager):
            guard let action = KeyMaps.cancelSheet.action(for: key) else { return [] }
            return performCancelSheet(
                &state, sheet, transactionID: transactionID, fromManager: fromManager, action: action)
        }
        return []
    }

    /// The payment sheet's buttons and keys: confirm or cancel the purchase, or list the keys.
    static func performSheet(
        _ state: inout AppState, _ sheet: PaymentSheet, _ options: [PurchaseOption], action: SheetAction
    ) -> [Effect] {
        let confirmed: Bool
        switch action {
        case .confirm: confirmed = true
        case .cancel: confirmed = false
        case .help:
            state.overlay = .help(over: .sheet(sheet, options: options))
            return []
        }
        state.overlay = nil
        return [.purchase(productID: sheet.product.id, options: options, confirmed: confirmed)]
    }
}

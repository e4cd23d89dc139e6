import Foundation
import StoreCore
import TerminalUI

/// Keys while an overlay other than the Transaction Manager is in front.
func handleOverlayKey(_ state: inout AppState, _ overlay: Overlay, _ key: Key) -> [Effect] {
    switch overlay {
    case .sheet(let sheet, let options):
        guard let action = KeyMaps.sheet.action(for: key) else { return [] }
        state.overlay = nil
        state.inFlight += 1
        return [.purchase(productID: sheet.product.id, options: options, confirmed: action == "confirm")]
    case .help:
        state.overlay = nil
    case .policy(let title, let text, let offset):
        let step: Int
        switch KeyMaps.policy.action(for: key) {
        case "up": step = -1
        case "down": step = 1
        case "pageUp": step = -10
        case "pageDown": step = 10
        case "close":
            state.overlay = nil
            return []
        default: return []
        }
        // The renderer clamps the offset to the text's length at the current size.
        state.overlay = .policy(title: title, text: text, offset: max(0, offset + step))
    case .redeem(var field):
        switch KeyMaps.redeem.action(for: key) {
        case "cancel": state.overlay = nil
        case "redeem":
            let code = field.text.trimmingCharacters(in: .whitespaces)
            state.overlay = nil
            guard !code.isEmpty else { return [] }
            state.inFlight += 1
            return [.redeem(code: code)]
        default:
            field.handle(key)
            state.overlay = .redeem(field)
        }
    case .accounts(var list):
        let accounts = state.store.accounts
        switch KeyMaps.accounts.action(for: key) {
        case "close": state.overlay = nil
        case "previous": list.select(by: -1, count: accounts.count)
        case "next": list.select(by: 1, count: accounts.count)
        case "switch":
            state.overlay = nil
            guard list.selected < accounts.count else { return [] }
            let name = accounts[list.selected].name
            state.notices.removeAll()
            return [.switchAccount(name)]
        default: break
        }
        if case .accounts = state.overlay { state.overlay = .accounts(list) }
    case .transactionManager:
        return handleManagerKey(&state, key)
    }
    return []
}

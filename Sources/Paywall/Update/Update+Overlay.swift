import Foundation
import StoreCore
import TerminalUI

/// Keys while an overlay other than the Transaction Manager is in front.
func handleOverlayKey(_ state: inout AppState, _ overlay: Overlay, _ key: Key) -> [Effect] {
    switch overlay {
    case .sheet(let sheet, let options):
        switch key {
        case .enter, .character("y"), .character(" "):
            state.overlay = nil
            state.inFlight += 1
            return [.purchase(productID: sheet.product.id, options: options, confirmed: true)]
        case .escape, .character("n"), .character("q"):
            state.overlay = nil
            state.inFlight += 1
            return [.purchase(productID: sheet.product.id, options: options, confirmed: false)]
        default: return []
        }
    case .help:
        state.overlay = nil
    case .policy(let title, let text, let offset):
        let step: Int
        switch key {
        case .up, .character("k"): step = -1
        case .down, .character("j"): step = 1
        case .pageUp: step = -10
        case .pageDown, .character(" "): step = 10
        case .escape, .character("q"), .enter:
            state.overlay = nil
            return []
        default: return []
        }
        // The renderer clamps the offset to the text's length at the current size.
        state.overlay = .policy(title: title, text: text, offset: max(0, offset + step))
    case .redeem(var field):
        switch key {
        case .escape: state.overlay = nil
        case .enter:
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
        switch key {
        case .escape, .character("q"): state.overlay = nil
        case .up, .character("k"): list.select(by: -1, count: accounts.count)
        case .down, .character("j"): list.select(by: 1, count: accounts.count)
        case .enter:
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

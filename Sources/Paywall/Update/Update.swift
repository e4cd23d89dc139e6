import Foundation
import StoreCore
import TerminalUI

extension PaywallProgram {
    /// The paywall's only state transition: applies `event` to `state` and returns the store work
    /// it calls for. Pure, so every flow is testable without a terminal or a store. Every effect
    /// returned is pending until the runner's `.completed` for it: busy is derived from that.
    public static func update(_ state: inout AppState, _ event: Event) -> [Effect] {
        if case .completed(let effect) = event {
            if let count = state.pending[effect] { state.pending[effect] = count > 1 ? count - 1 : nil }
            return []
        }
        let effects = apply(&state, event)
        for effect in effects { state.pending[effect, default: 0] += 1 }
        return effects
    }

    private static func apply(_ state: inout AppState, _ event: Event) -> [Effect] {
        switch event {
        case .started:
            return [.reload]
        case .key(.resize(let size)), .resize(let size):
            state.size = size
            return []
        case .key(let key):
            return handleKey(&state, key)
        case .activate(let target):
            return activate(&state, target)
        case .tick:
            guard state.isLoaded else { return [] }
            // While the notifications view is open its delivery column follows the webhook's tries
            // (which no update stream announces), so each tick re-reads them.
            let watchesDeliveries = state.overlay == .transactionManager && state.managerShowsNotifications
            return watchesDeliveries ? [.readClock, .reload] : [.readClock]
        case .clock(let date):
            state.store.clock = date
            return []
        case .backendChanged(let name):
            state.content.backendName = name
            return []
        case .reloaded(let reload):
            return applyReload(&state, reload)
        case .loaded(let snapshot):
            // A read asked for before the group switcher moved on describes the group left
            // behind: the read the switch asked for follows.
            if state.isLoaded, let shown = state.content.leadingGroupID, let read = snapshot.groupID,
                read != shown
            {
                return []
            }
            // A catalog of only one-off products opens on the shop, not on an empty picker.
            if !state.isLoaded, snapshot.plans.isEmpty, !snapshot.shelfProducts.isEmpty { state.tab = .shelf }
            state.store = snapshot
            state.isLoaded = true
            // The store's locale decides the copy and the paywall's words, live.
            if snapshot.settings.locale != state.content.locale {
                state.content.localize(to: snapshot.settings.locale)
            }
            state.planIndex = min(state.planIndex, max(0, snapshot.plans.count - 1))
            if state.choosesPlan, !snapshot.plans.isEmpty {
                state.planIndex = defaultPlanIndex(state)
                state.choosesPlan = false
            }
            return []
        default:
            return handleStore(&state, event)
        }
    }
}

/// Keys go to the overlay in front, else to the screen.
func handleKey(_ state: inout AppState, _ key: Key) -> [Effect] {
    if case .ctrl("c") = key {
        state.shouldQuit = true
        return []
    }
    switch state.overlay {
    case .some(.transactionManager): return handleManagerKey(&state, key)
    case .some(let overlay): return handleOverlayKey(&state, overlay, key)
    case nil:
        guard let action = KeyMaps.paywall.action(for: key) else { return [] }
        return performPaywall(&state, action: action, key: key)
    }
}

/// A click: select what was clicked, and press buttons.
func activate(_ state: inout AppState, _ target: HitTarget) -> [Effect] {
    switch target {
    case .plan(let index):
        if state.planIndex == index && state.controlStyle == .buttons {
            return performPaywall(&state, action: .buy, key: .enter)
        }
        state.planIndex = index
        return []
    case .shelfProduct(let index):
        if state.shelf.selected == index { return performPaywall(&state, action: .buy, key: .enter) }
        state.shelf.selected = index
        return []
    case .record(let index):
        state.managerSelection.selected = index
        return []
    case .sheet(let action):
        guard case .sheet(let sheet, let options) = state.overlay else { return [] }
        return performSheet(&state, sheet, options, action: action)
    case .paywall(let action):
        switch state.overlay {
        // A click outside the sheet's buttons cancels the purchase, as a click beside a dialog does.
        case .sheet(let sheet, let options): return performSheet(&state, sheet, options, action: .cancel)
        // The manager covers the paywall's buttons.
        case .transactionManager: return []
        case .help, .policy, .redeem, .accounts, nil:
            return performPaywall(&state, action: action, key: .enter)
        }
    }
}

extension AppState {
    /// Adds a banner, keeping only the last few.
    mutating func post(_ notice: Notice) {
        notices.append(notice)
        if notices.count > 6 { notices.removeFirst(notices.count - 6) }
    }
}

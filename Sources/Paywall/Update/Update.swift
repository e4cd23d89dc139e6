import Foundation
import StoreCore
import TerminalUI

extension PaywallProgram {
    /// The paywall's only state transition: applies `event` to `state` and returns the store work
    /// it calls for. Pure, so every flow is testable without a terminal or a store. Every effect
    /// returned is pending until the runner's `.completed` for it: busy is derived from that.
    public static func update(_ state: inout AppState, _ event: Event) -> [Effect] {
        let effects = apply(&state, event)
        for effect in effects { state.pending[effect, default: 0] += 1 }
        return effects
    }

    /// One case for each event, with no `default`: a new event does not compile until it is
    /// handled here.
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
            return loaded(&state, snapshot)
        case .completed(let effect):
            if let count = state.pending[effect] { state.pending[effect] = count > 1 ? count - 1 : nil }
            return []
        case .cancelSheetReady(let sheet, let transactionID, let fromManager):
            state.overlay = .cancelSheet(sheet, transactionID: transactionID, fromManager: fromManager)
            return []
        case .sheetReady(let productID, let sheet, let options):
            guard let sheet else {
                // Dialogs are disabled: the sheet confirms itself.
                return [.purchase(productID: productID, options: options, confirmed: true)]
            }
            state.overlay = .sheet(sheet, options: options)
            return []
        case .purchased(let productID, let result):
            return purchased(&state, productID, result)
        case .update(let verification):
            return delivered(&state, verification)
        case .message(let message):
            return received(&state, message)
        case .storeEvent(let storeEvent):
            return observed(&state, storeEvent)
        case .restored(let count):
            return restored(&state, count: count)
        case .redeemed(let code, let result):
            return redeemed(&state, code: code, result)
        case .done(let outcome):
            state.post(Notice(.info, outcome.text(state.content.strings)))
            return [.reload]
        case .failed(let attempt, let error):
            state.isRestoring = false
            let strings = state.content.strings
            state.post(
                Notice(.error, strings.format(.failed, ["what": attempt.text(strings), "error": "\(error)"])))
            return []
        }
    }

    /// A fresh read of the store replaces what the screens show.
    private static func loaded(_ state: inout AppState, _ snapshot: StoreSnapshot) -> [Effect] {
        // A read asked for before the group switcher moved on describes the group left
        // behind: the read the switch asked for follows.
        if state.isLoaded, let shown = state.content.leadingGroupID, let read = snapshot.groupID,
            read != shown
        {
            return []
        }
        // A catalog of only one-off products opens on the shop, not on an empty picker.
        if !state.isLoaded, snapshot.plans.isEmpty, !snapshot.shelfProducts.isEmpty { state.tab = .shelf }
        let answers = state.isLoaded ? AskToBuyAnswer.between(state.store, snapshot) : []
        state.store = snapshot
        state.isLoaded = true
        // The store's locale decides the copy and the paywall's words, live.
        if snapshot.settings.locale != state.content.locale {
            state.content.localize(to: snapshot.settings.locale)
        }
        for answer in answers { state.post(answer.notice(in: snapshot, state.content.strings)) }
        state.planIndex = min(state.planIndex, max(0, snapshot.plans.count - 1))
        if state.choosesPlan, !snapshot.plans.isEmpty {
            state.planIndex = state.defaultPlanIndex
            state.choosesPlan = false
        }
        return []
    }
}

extension PaywallProgram {
    /// Keys go to the overlay in front, else to the screen.
    static func handleKey(_ state: inout AppState, _ key: Key) -> [Effect] {
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
    static func activate(_ state: inout AppState, _ target: HitTarget) -> [Effect] {
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
        case .cancelSheet(let action):
            guard case .cancelSheet(let sheet, let id, let fromManager) = state.overlay else { return [] }
            return performCancelSheet(
                &state, sheet, transactionID: id, fromManager: fromManager, action: action)
        case .sheet(let action):
            guard case .sheet(let sheet, let options) = state.overlay else { return [] }
            return performSheet(&state, sheet, options, action: action)
        case .paywall(let action):
            switch state.overlay {
            // A click outside the sheet's buttons cancels the purchase, as a click beside a dialog does.
            case .sheet(let sheet, let options): return performSheet(&state, sheet, options, action: .cancel)
            // The manager covers the paywall's buttons.
            case .transactionManager: return []
            // A click beside the cancel sheet keeps the subscription, as a click beside a dialog does.
            case .cancelSheet(let sheet, let id, let fromManager):
                return performCancelSheet(
                    &state, sheet, transactionID: id, fromManager: fromManager, action: .keep)
            case .help, .policy, .redeem, .accounts, nil:
                return performPaywall(&state, action: action, key: .enter)
            }
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

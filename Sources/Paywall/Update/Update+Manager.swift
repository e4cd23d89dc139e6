import Foundation
import StoreCore
import TerminalUI

/// Keys while the Transaction Manager is open.
func handleManagerKey(_ state: inout AppState, _ key: Key) -> [Effect] {
    guard let action = KeyMaps.manager.action(for: key) else { return [] }
    return performManager(&state, action: action, key: key)
}

/// The Transaction Manager's actions on the selected transaction and on the whole store.
func performManager(_ state: inout AppState, action: ManagerAction, key: Key) -> [Effect] {
    let settings = state.store.settings
    let record = state.selectedRecord
    let id = record?.id
    let productID = record?.transaction.unsafePayloadValue.productID
    var control: ControlAction?
    switch action {
    case .move:
        state.managerSelection.select(by: key == .up ? -1 : 1, count: state.store.records.count)
    case .close: state.overlay = nil
    case .keys: state.managerShowsKeys.toggle()
    case .approve: control = id.map(ControlAction.approve)
    case .decline: control = id.map(ControlAction.decline)
    case .refund: control = id.map { .refund($0, .other) }
    case .refundIssue: control = id.map { .refund($0, .developerIssue) }
    case .expire: control = productID.map { .expire(productID: $0) }
    case .renew: control = productID.map { .forceRenew(productID: $0) }
    case .autoRenew:
        let isOn = record?.renewalInfo?.willAutoRenew ?? false
        control = id.map { .autoRenew(!isOn, transactionID: $0) }
    case .increase: control = id.map(ControlAction.requestPriceIncrease)
    case .acceptIncrease: control = id.map { .respondToPriceIncrease($0, accept: true) }
    case .declineIncrease: control = id.map { .respondToPriceIncrease($0, accept: false) }
    case .resolve: control = id.map(ControlAction.resolveIssue)
    case .delete: control = id.map(ControlAction.delete)
    case .day: control = .advanceClock(86_400)
    case .month: control = .advanceClock(30 * 86_400)
    case .rate: control = .setting(.timeRate(settings.timeRate.next()))
    case .askToBuy: control = .setting(.askToBuy(!settings.askToBuyEnabled))
    case .billing: control = .setting(.billingRetryOnRenewal(!settings.billingRetryOnRenewal))
    case .grace: control = .setting(.billingGracePeriod(!settings.billingGracePeriodEnabled))
    case .interrupted: control = .setting(.interruptedPurchases(!settings.interruptedPurchasesEnabled))
    case .dialogs: control = .setting(.disableDialogs(!settings.disableDialogs))
    case .api:
        let count = FailableAPI.allCases.count
        state.managerAPIIndex = (state.managerAPIIndex + (key == .character(",") ? count - 1 : 1)) % count
    case .error:
        let api = FailableAPI.allCases[state.managerAPIIndex]
        let choices: [SimulatedFailure?] = [nil] + SimulatedFailure.allCases.filter(api.accepts)
        let current = state.store.simulatedErrors[api]
        let index = choices.firstIndex { $0 == current } ?? 0
        control = .simulatedError(choices[(index + 1) % choices.count], api)
    case .storefront:
        control = .setting(.storefront(cycled(KeyMaps.storefronts, after: settings.storefront)))
    case .locale:
        control = .setting(.locale(cycled(KeyMaps.locales, after: settings.locale)))
    case .clear: control = .clear
    case .notifications:
        state.managerShowsNotifications.toggle()
        // Deliveries happen on the server's schedule: read them afresh when the view opens.
        return state.managerShowsNotifications ? [.reload] : []
    }
    guard let control else { return [] }
    state.inFlight += 1
    return [.control(control)]
}

/// The value after `current` in `values`, wrapping; the first when `current` is not listed.
func cycled(_ values: [String], after current: String) -> String {
    guard let index = values.firstIndex(of: current) else { return values[0] }
    return values[(index + 1) % values.count]
}

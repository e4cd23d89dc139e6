import Foundation
import StoreCore
import TerminalUI

extension PaywallProgram {
    /// Keys while the Transaction Manager is open.
    static func handleManagerKey(_ state: inout AppState, _ key: Key) -> [Effect] {
        if state.managerShowsKeys {
            // The key list is help, and help is modal everywhere: any key closes it and does nothing
            // else, so no key acts on a store the tester cannot see (as `?` over any other screen).
            state.managerShowsKeys = false
            return []
        }
        guard let action = KeyMaps.manager.action(for: key) else { return [] }
        return performManager(&state, action: action, key: key)
    }

    /// The Transaction Manager's actions on the selected transaction and on the whole store.
    static func performManager(_ state: inout AppState, action: ManagerAction, key: Key) -> [Effect] {
        let settings = state.store.settings
        let record = state.selectedRecord
        let id = record?.id
        let productID = record?.transaction.unsafePayloadValue.productID
        var control: StoreOperation?
        switch action {
        case .move:
            state.managerSelection.select(by: key == .up ? -1 : 1, count: state.store.records.count)
            return loadOlderRecordsIfNear(&state)
        case .close: state.overlay = nil
        case .keys: state.managerShowsKeys.toggle()
        case .timeline:
            state.managerShowsTimeline.toggle()
            // The timeline reads the notifications too: read them afresh when it opens.
            return state.managerShowsTimeline ? [.reload] : []
        case .approve: control = id.map { .approveAskToBuy(transactionID: $0) }
        case .decline: control = id.map { .declineAskToBuy(transactionID: $0) }
        case .refund:
            control = id.map {
                .refund(transactionID: $0, reason: .other, percentage: RefundRequest.fullRefund)
            }
        case .refundIssue:
            control = id.map {
                .refund(transactionID: $0, reason: .developerIssue, percentage: RefundRequest.fullRefund)
            }
        case .refundHalf:
            control = id.map {
                .refund(transactionID: $0, reason: .other, percentage: RefundRequest.fullRefund / 2)
            }
        case .refundRequest:
            control = id.map { .openRefundRequest(transactionID: $0, reason: state.managerRefundReason) }
        case .refundReason:
            let reasons = ConsumptionRequestReason.allCases
            let index = reasons.firstIndex(of: state.managerRefundReason) ?? 0
            state.managerRefundReason = reasons[(index + 1) % reasons.count]
        case .refundGrant:
            control = id.map { .grantRefundRequest(transactionID: $0, percentage: RefundRequest.fullRefund) }
        case .refundGrantHalf:
            control = id.map {
                .grantRefundRequest(transactionID: $0, percentage: RefundRequest.fullRefund / 2)
            }
        case .refundDecline: control = id.map { .declineRefundRequest(transactionID: $0) }
        case .refundReverse: control = id.map { .reverseRefund(transactionID: $0) }
        case .expire: control = productID.map { .expireSubscription(productID: $0) }
        case .renew: control = productID.map { .forceRenewal(productID: $0) }
        case .autoRenew:
            let isOn = record?.renewalInfo?.willAutoRenew ?? false
            control = id.map { .setAutoRenew(!isOn, transactionID: $0) }
        case .increase: control = id.map { .requestPriceIncreaseConsent(transactionID: $0) }
        case .acceptIncrease: control = id.map { .respondToPriceIncrease(transactionID: $0, accept: true) }
        case .declineIncrease: control = id.map { .respondToPriceIncrease(transactionID: $0, accept: false) }
        case .resolve: control = id.map { .resolveIssue(transactionID: $0) }
        case .delete: control = id.map { .deleteTransaction(transactionID: $0) }
        case .day: control = .advanceClock(seconds: 86_400)
        case .month: control = .advanceClock(seconds: 30 * 86_400)
        case .rate: control = .apply(.timeRate(settings.timeRate.next()))
        case .askToBuy: control = .apply(.askToBuy(!settings.askToBuyEnabled))
        case .billing: control = .apply(.billingRetryOnRenewal(!settings.billingRetryOnRenewal))
        case .grace: control = .apply(.billingGracePeriod(!settings.billingGracePeriodEnabled))
        case .graceDays:
            let choices = StoreSettings.gracePeriodChoices
            let index = choices.firstIndex(of: settings.billingGracePeriodDays) ?? 0
            control = .apply(.billingGracePeriodDays(choices[(index + 1) % choices.count]))
        case .consumables: control = .apply(.includeFinishedConsumables(!settings.includeFinishedConsumables))
        case .interrupted: control = .apply(.interruptedPurchases(!settings.interruptedPurchasesEnabled))
        case .dialogs: control = .apply(.disableDialogs(!settings.disableDialogs))
        case .api:
            let count = FailableAPI.allCases.count
            state.managerAPIIndex = (state.managerAPIIndex + (key == .character(",") ? count - 1 : 1)) % count
        case .error:
            let api = FailableAPI.allCases[state.managerAPIIndex]
            let choices: [SimulatedFailure?] = [nil] + SimulatedFailure.allCases.filter(api.accepts)
            let current = state.store.simulatedErrors[api]
            let index = choices.firstIndex { $0 == current } ?? 0
            control = .setSimulatedError(choices[(index + 1) % choices.count], api: api)
        case .storefront:
            control = .apply(.storefront(cycled(KeyMaps.storefronts, after: settings.storefront)))
        case .locale:
            control = .apply(.locale(cycled(KeyMaps.locales, after: settings.locale)))
        case .clear: control = .clearTransactions
        case .savePoint: control = .saveState(name: nil)
        case .loadSavePoint: control = .loadState(name: nil)
        case .cancelSheet:
            guard let record, let productID,
                record.transaction.unsafePayloadValue.productType == .autoRenewable
            else {
                state.post(Notice(.info, "Select a subscription's transaction to open its cancel sheet."))
                return []
            }
            return [.openCancelSheet(productID: productID, transactionID: record.id, fromManager: true)]
        case .approveRetention: return [.manageRetention(.reviewNextPending(rejection: nil))]
        case .rejectRetention:
            return [.manageRetention(.reviewNextPending(rejection: "rejected in the Transaction Manager"))]
        case .notifications:
            state.managerShowsNotifications.toggle()
            // Deliveries happen on the server's schedule: read them afresh when the view opens.
            return state.managerShowsNotifications ? [.reload] : []
        }
        guard let control else { return [] }
        return [.control(control)]
    }

    /// The value after `current` in `values`, wrapping; the first when `current` is not listed.
    static func cycled(_ values: [String], after current: String) -> String {
        guard let index = values.firstIndex(of: current) else { return values[0] }
        return values[(index + 1) % values.count]
    }
}

/// How close to the end of the loaded records the selection comes before the next page loads.
let recordLookahead = 20

extension PaywallProgram {
    /// A page more of records once the selection nears the end of those loaded, when the account
    /// has older ones: the list grows as the tester scrolls, and a long history is never read
    /// whole to show its first screen.
    static func loadOlderRecordsIfNear(_ state: inout AppState) -> [Effect] {
        let loaded = state.store.records.count
        guard state.store.hasOlderRecords, state.managerSelection.selected >= loaded - recordLookahead else {
            return []
        }
        state.recordLimit = max(state.recordLimit, loaded + StoreSnapshot.recordPage)
        return [.reload]
    }
}

import Foundation
import StoreCore

extension EffectRunner {
    /// Runs one Transaction Manager action and says what was done.
    static func control(_ action: ControlAction, store: Backend) async throws(StoreError) -> String {
        switch action {
        case .approve(let id):
            try await store.approveAskToBuy(id)
            return "Approved transaction \(id)"
        case .decline(let id):
            try await store.declineAskToBuy(id)
            return "Declined transaction \(id)"
        case .refund(let id, let reason, let percentage):
            try await store.refund(id, reason: reason, percentage: percentage)
            let share = percentage == RefundRequest.fullRefund ? "" : ", \(percentage / 1000)%"
            return "Refunded transaction \(id) (\(reason == .other ? "other" : "developer issue")\(share))"
        case .openRefundRequest(let id, let reason):
            try await store.openRefundRequest(id, reason: reason)
            return "Refund requested for transaction \(id) (\(reason.rawValue))"
        case .grantRefundRequest(let id, let percentage):
            try await store.grantRefundRequest(id, percentage: percentage)
            return "Refund request granted for transaction \(id) (\(percentage / 1000)%)"
        case .declineRefundRequest(let id):
            try await store.declineRefundRequest(id)
            return "Refund request declined for transaction \(id)"
        case .reverseRefund(let id):
            try await store.reverseRefund(id)
            return "Refund of transaction \(id) reversed"
        case .expire(let productID):
            try await store.expireSubscription(productID: productID)
            return "Expired \(productID)"
        case .forceRenew(let productID):
            try await store.forceRenewal(productID: productID)
            return "Renewed \(productID)"
        case .autoRenew(let isOn, let id):
            try await store.setAutoRenew(isOn, transactionID: id)
            return "Auto-renew \(isOn ? "on" : "off")"
        case .requestPriceIncrease(let id):
            try await store.requestPriceIncreaseConsent(transactionID: id)
            return "Price increase requested"
        case .respondToPriceIncrease(let id, let accept):
            try await store.respondToPriceIncrease(transactionID: id, accept: accept)
            return accept ? "Price increase accepted" : "Price increase declined"
        case .resolveIssue(let id):
            try await store.resolveIssue(transactionID: id)
            return "Resolved the issue of transaction \(id)"
        case .delete(let id):
            try await store.deleteTransaction(id)
            return "Deleted transaction \(id)"
        case .advanceClock(let interval):
            let date = try await store.advanceClock(by: interval)
            return "Clock advanced to \(formatClock(date))"
        case .setting(let setting):
            try await store.apply(setting)
            return describe(setting)
        case .simulatedError(let failure, let api):
            try await store.setSimulatedError(failure, for: api)
            return "\(api.rawValue): \(failure.map { "\($0)" } ?? "no simulated error")"
        case .clear:
            try await store.clearTransactions()
            return "Cleared all transactions"
        }
    }

    /// "Ask to Buy on", "Storefront DEU": what a setting change did, in words.
    static func describe(_ setting: StoreSetting) -> String {
        func flag(_ on: Bool) -> String { on ? "on" : "off" }
        switch setting {
        case .storefront(let value): return "Storefront \(value)"
        case .locale(let value): return "Locale \(value)"
        case .timeRate(let rate): return "Time rate: \(rate)"
        case .askToBuy(let on): return "Ask to Buy \(flag(on))"
        case .billingRetryOnRenewal(let on): return "Billing retry on renewal \(flag(on))"
        case .billingGracePeriod(let on): return "Billing grace period \(flag(on))"
        case .interruptedPurchases(let on): return "Interrupted purchases \(flag(on))"
        case .disableDialogs(let on): return "Dialogs \(flag(!on))"
        case .billingGracePeriodDays(let days): return "Billing grace period \(days) days"
        case .includeFinishedConsumables(let on): return "Finished consumables in history \(flag(on))"
        }
    }
}

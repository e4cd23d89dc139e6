import Foundation
import StoreCore

extension EffectRunner {
    /// Runs one Transaction Manager operation and says what was done.
    static func control(_ operation: StoreOperation, store: Backend) async throws(StoreError) -> String {
        let result = try await store.perform(operation)
        return describe(operation, result: result)
    }

    /// What an operation did, in words for the paywall's banner.
    static func describe(_ operation: StoreOperation, result: StoreOperationResult) -> String {
        switch operation {
        case .addAccount(let account): return "Added account \(account.name)"
        case .approveAskToBuy(let id): return "Approved transaction \(id)"
        case .declineAskToBuy(let id): return "Declined transaction \(id)"
        case .refund(let id, let reason, let percentage):
            let share = percentage == RefundRequest.fullRefund ? "" : ", \(percentage / 1000)%"
            return "Refunded transaction \(id) (\(reason == .other ? "other" : "developer issue")\(share))"
        case .openRefundRequest(let id, let reason):
            return "Refund requested for transaction \(id) (\(reason.rawValue))"
        case .grantRefundRequest(let id, let percentage):
            return "Refund request granted for transaction \(id) (\(percentage / 1000)%)"
        case .declineRefundRequest(let id): return "Refund request declined for transaction \(id)"
        case .reverseRefund(let id): return "Refund of transaction \(id) reversed"
        case .expireSubscription(let productID): return "Expired \(productID)"
        case .forceRenewal(let productID): return "Renewed \(productID)"
        case .setAutoRenew(let isOn, _): return "Auto-renew \(isOn ? "on" : "off")"
        case .requestPriceIncreaseConsent: return "Price increase requested"
        case .respondToPriceIncrease(_, let accept):
            return accept ? "Price increase accepted" : "Price increase declined"
        case .resolveIssue(let id): return "Resolved the issue of transaction \(id)"
        case .deleteTransaction(let id): return "Deleted transaction \(id)"
        case .clearTransactions: return "Cleared all transactions"
        case .resetToDefaultState: return "Reset the store to the catalog's defaults"
        case .buyOffDevice(let productID, _): return "Bought \(productID) outside the app"
        case .advanceClock, .advanceClockPeriods:
            guard case .clock(let date) = result else { return "Clock advanced" }
            return "Clock advanced to \(formatClock(date))"
        case .apply(let setting): return describe(setting)
        case .setSimulatedError(let failure, let api):
            return "\(api.rawValue): \(failure.map { "\($0)" } ?? "no simulated error")"
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

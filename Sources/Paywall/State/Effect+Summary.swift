import StoreCore

extension Effect {
    /// What the effect does, in the words a banner uses when it fails ("Finishing transaction 42
    /// failed: …"); never the effect's debug text.
    public var summary: String {
        switch self {
        case .reload: "Loading the store"
        case .readClock: "Reading the store's clock"
        case .prepareSheet(let productID, _): "Preparing the purchase of \(productID)"
        case .purchase: "Purchase"
        case .finish(let id): "Finishing transaction \(id)"
        case .sync: "Restore"
        case .redeem(let code): "Redeeming \(code)"
        case .switchAccount(let name): "Signing in as \(name)"
        case .control(let action): action.summary
        }
    }
}

extension StoreOperation {
    /// What the operation does, for the banner when it fails.
    public var summary: String {
        switch self {
        case .addAccount(let account): "Adding account \(account.name)"
        case .approveAskToBuy(let id): "Approving transaction \(id)"
        case .declineAskToBuy(let id): "Declining transaction \(id)"
        case .refund(let id, _, _): "Refunding transaction \(id)"
        case .openRefundRequest(let id, _): "Requesting a refund of transaction \(id)"
        case .grantRefundRequest(let id, _): "Granting the refund request of transaction \(id)"
        case .declineRefundRequest(let id): "Declining the refund request of transaction \(id)"
        case .reverseRefund(let id): "Reversing the refund of transaction \(id)"
        case .expireSubscription(let productID): "Expiring \(productID)"
        case .forceRenewal(let productID): "Renewing \(productID)"
        case .setAutoRenew(let on, let id): "Turning auto-renew \(on ? "on" : "off") for transaction \(id)"
        case .requestPriceIncreaseConsent(let id): "Requesting a price increase for transaction \(id)"
        case .respondToPriceIncrease(let id, let accept):
            "\(accept ? "Accepting" : "Declining") the price increase for transaction \(id)"
        case .resolveIssue(let id): "Resolving the billing issue of transaction \(id)"
        case .deleteTransaction(let id): "Deleting transaction \(id)"
        case .clearTransactions: "Clearing the store"
        case .resetToDefaultState: "Resetting the store"
        case .buyOffDevice(let productID, _): "Buying \(productID) outside the app"
        case .advanceClock, .advanceClockPeriods: "Advancing the store's clock"
        case .apply: "Changing the store's settings"
        case .setSimulatedError(let failure, let api):
            failure == nil
                ? "Clearing the simulated \(api.rawValue) error" : "Simulating a \(api.rawValue) error"
        }
    }
}

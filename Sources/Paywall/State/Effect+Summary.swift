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

extension ControlAction {
    /// What the action does, for the banner when it fails.
    public var summary: String {
        switch self {
        case .approve(let id): "Approving transaction \(id)"
        case .decline(let id): "Declining transaction \(id)"
        case .refund(let id, _): "Refunding transaction \(id)"
        case .expire(let productID): "Expiring \(productID)"
        case .forceRenew(let productID): "Renewing \(productID)"
        case .autoRenew(let on, let id): "Turning auto-renew \(on ? "on" : "off") for transaction \(id)"
        case .requestPriceIncrease(let id): "Requesting a price increase for transaction \(id)"
        case .respondToPriceIncrease(let id, let accept):
            "\(accept ? "Accepting" : "Declining") the price increase for transaction \(id)"
        case .resolveIssue(let id): "Resolving the billing issue of transaction \(id)"
        case .delete(let id): "Deleting transaction \(id)"
        case .advanceClock: "Advancing the store's clock"
        case .setting: "Changing the store's settings"
        case .simulatedError(let failure, let api):
            failure == nil
                ? "Clearing the simulated \(api.rawValue) error" : "Simulating a \(api.rawValue) error"
        case .clear: "Clearing the store"
        }
    }
}

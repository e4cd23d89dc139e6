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
        case .loadPreset(let name): "Loading preset \(name)"
        case .control(let action): action.summary
        case .openCancelSheet(let productID, _, _): "Opening the cancel sheet of \(productID)"
        case .manageRetention: "Reviewing a retention upload"
        }
    }
}

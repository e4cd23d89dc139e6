/// The screen's name in the store's QA journal (`kiosk journal`, `kiosk report`).
extension AppState {
    /// What is in front: an overlay's name, else the tab's ("subscriptions", "shelf").
    public var journalScreenName: String {
        guard let overlay else { return tab.rawValue }
        return Self.name(of: overlay)
    }

    private static func name(of overlay: Overlay) -> String {
        switch overlay {
        case .sheet: "payment-sheet"
        case .help: "help"
        case .policy: "policy"
        case .redeem: "redeem"
        case .accounts: "accounts"
        case .transactionManager: "transaction-manager"
        case .cancelSheet: "cancel-sheet"
        }
    }
}

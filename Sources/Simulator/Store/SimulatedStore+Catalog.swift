import StoreCore

extension SimulatedStore {
    /// Sells from `catalog` from now on: products, prices, offers and groups as it describes them,
    /// while accounts, transactions, subscriptions, settings and the clock stay as they are (the
    /// paywall's live reload of a saved `.storekit`). Watchers hear `.stateChanged` and read again.
    /// A product the new catalog lacks keeps its transactions; it is no longer offered.
    public func replaceCatalog(_ catalog: any ProductCatalog) {
        products.replaceCatalog(catalog)
        deliver([.event(account: nil, .stateChanged)])
    }
}

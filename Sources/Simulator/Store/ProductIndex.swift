import StoreCore

/// Products by identifier for each storefront, localized once and kept until the locale
/// changes. Owned by the store actor.
final class ProductIndex {
    private(set) var catalog: any ProductCatalog
    private var locale: String
    private var byStorefront: [String: [String: Product]] = [:]
    /// Catalog order, for listings.
    private(set) var orderedIDs: [String] = []

    init(catalog: any ProductCatalog, locale: String) {
        self.catalog = catalog
        self.locale = locale
    }

    /// Sells from `catalog` from now on (live reload of a saved `.storekit`).
    func replaceCatalog(_ catalog: any ProductCatalog) {
        self.catalog = catalog
        byStorefront = [:]
        orderedIDs = []
    }

    func setLocale(_ identifier: String) {
        guard identifier != locale else { return }
        locale = identifier
        byStorefront = [:]
    }

    /// The product with this ID priced for `storefront` (alpha-3), if the catalog has it.
    func product(_ id: String, storefront: String) -> Product? { products(storefront: storefront)[id] }

    func products(storefront code: String) -> [String: Product] {
        if let cached = byStorefront[code] { return cached }
        let front = Storefront(alpha3: code) ?? .unitedStates
        let list = catalog.products(localeIdentifier: locale, storefront: front)
        if orderedIDs.isEmpty { orderedIDs = list.map(\.id) }
        let table = Dictionary(list.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        byStorefront[code] = table
        return table
    }

    /// Every product in catalog order.
    func allProducts(storefront: String) -> [Product] {
        let table = products(storefront: storefront)
        return orderedIDs.compactMap { table[$0] }
    }

    /// The products of one subscription group.
    func group(_ groupID: String, storefront: String) -> [Product] {
        allProducts(storefront: storefront).filter { $0.subscription?.groupID == groupID }
    }
}

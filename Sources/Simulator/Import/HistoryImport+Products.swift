import Catalog
import Foundation
import StoreCore

/// `--add-missing-products`: the products a customer bought that the catalog lacks, made from
/// what their transactions say (type, group, price, and a subscription's period from its
/// dates), so a history can be reproduced before the app's `.storekit` has caught up.
extension HistoryImport {
    /// The catalog with every product of `history` it lacks, and their IDs (none: `catalog` as it was).
    public static func catalog(_ catalog: LoadedCatalog, addingProductsOf history: CustomerHistory)
        -> (catalog: LoadedCatalog, added: [String])
    {
        var configuration = catalog.configuration
        var known = Set(configuration.products.map(\.productID))
        known.formUnion((configuration.nonRenewingSubscriptions ?? []).map(\.productID))
        known.formUnion(configuration.allSubscriptions.map(\.product.productID))
        var added: [String] = []
        // The newest transaction of each product tells its price (and a subscription's period).
        let newest = Dictionary(history.transactions.map { ($0.value.productID, $0.value) }) { older, newer in
            newer.purchaseDate >= older.purchaseDate ? newer : older
        }
        for (productID, transaction) in newest.sorted(by: { $0.key < $1.key })
        where !known.contains(productID) {
            let product = ConfigurationProduct(
                productID: productID, type: configurationType(transaction.productType),
                displayPrice: CatalogPrice(transaction.price ?? 0), referenceName: productID,
                localizations: [
                    ConfigurationLocalization(
                        locale: "en_US", displayName: productID,
                        description: "Added by kiosk state import-history from transaction \(transaction.id)")
                ])
            switch transaction.productType {
            case .autoRenewable:
                let groupID = transaction.subscriptionGroupID ?? "imported"
                if !configuration.subscriptionGroups.contains(where: { $0.id == groupID }) {
                    configuration.subscriptionGroups.append(
                        ConfigurationSubscriptionGroup(id: groupID, name: "Imported \(groupID)"))
                }
                let index = configuration.subscriptionGroups.firstIndex { $0.id == groupID }!
                let level = configuration.subscriptionGroups[index].subscriptions.count + 1
                configuration.subscriptionGroups[index].subscriptions.append(
                    ConfigurationSubscription(
                        product: product, groupNumber: level,
                        recurringSubscriptionPeriod: period(of: transaction),
                        subscriptionGroupID: groupID))
            case .nonRenewable:
                configuration.nonRenewingSubscriptions =
                    (configuration.nonRenewingSubscriptions ?? []) + [product]
            case .consumable, .nonConsumable:
                configuration.products.append(product)
            }
            added.append(productID)
        }
        var result = catalog
        result.configuration = configuration
        return (result, added)
    }

    /// `--add-missing-products`: the catalog with the history's other products, written beside
    /// the state as `imported-CATALOG.storekit` and read back as any catalog is.
    /// - Returns: the catalog, its path and the products added (none: `catalog` as it was).
    public static func completedCatalog(
        _ catalog: LoadedCatalog, with history: CustomerHistory, in state: URL
    )
        throws(HistoryImportError) -> (catalog: LoadedCatalog, path: String, added: [String])
    {
        let (completed, added) = self.catalog(catalog, addingProductsOf: history)
        guard !added.isEmpty else { return (catalog, catalog.path, []) }
        let name = "imported-" + URL(fileURLWithPath: catalog.path).deletingPathExtension().lastPathComponent
        let path = state.appendingPathComponent(name + ".storekit").path
        do {
            try Data(StoreKitConfigurationEncoder().encodeBytes(completed.configuration)).write(
                to: URL(fileURLWithPath: path), options: .atomic)
            return (try LoadedCatalog.load(contentsOf: path), path, added)
        } catch {
            removeCatalog(path)
            throw HistoryImportError("cannot write the completed catalog \(path): \(error)")
        }
    }

    /// Removes a completed catalog whose import failed.
    public static func removeCatalog(_ path: String) {
        // Best effort: the import's own error is the one to read.
        try? FileManager.default.removeItem(atPath: path)
    }

    private static func configurationType(_ type: ProductType) -> ConfigurationProductType {
        switch type {
        case .consumable: .consumable
        case .nonConsumable: .nonConsumable
        case .nonRenewable: .nonRenewingSubscription
        case .autoRenewable: .recurringSubscription
        }
    }

    /// The period closest to the transaction's own (purchase to expiry); a month when it has none.
    private static func period(of transaction: Transaction) -> SubscriptionPeriod {
        let days =
            transaction.expirationDate.map { $0.timeIntervalSince(transaction.purchaseDate) / 86_400 } ?? 30
        let periods: [(days: Double, iso: String)] = [
            (7, "P1W"), (30.4, "P1M"), (61, "P2M"), (91, "P3M"), (182, "P6M"), (365, "P1Y"),
        ]
        let closest = periods.min { abs($0.days - days) < abs($1.days - days) }!
        return SubscriptionPeriod(iso8601: closest.iso)!
    }
}

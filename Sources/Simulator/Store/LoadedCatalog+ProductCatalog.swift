import Catalog
import Foundation
import StoreCore

/// A decoded `.storekit` file drives the simulator directly.
extension LoadedCatalog: ProductCatalog {
    public var name: String { URL(fileURLWithPath: path).lastPathComponent }

    public func products(localeIdentifier: String, storefront: Storefront) -> [Product] {
        products(locale: localeIdentifier, storefront: storefront)
    }

    public var defaultSettings: StoreSettings { settings }

    public var defaultSimulatedErrors: [FailableAPI: SimulatedFailure] { simulatedErrors }
}

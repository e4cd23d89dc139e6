import Catalog
import CommandLineOptions
import Foundation
import StoreCore

/// With `--store URL` the products come from the server but the paywall's copy, policies and
/// leading group come from `--catalog`. A catalog that names none of the server's products
/// would show one app's marketing over another app's prices, so it is refused before the
/// screen opens, with the fix spelled out.
public enum RemoteCatalogCheck {
    public static func check(store: any Store, catalog: LoadedCatalog, url: URL) async throws {
        let local = Set(catalog.products().map(\.id))
        let served: [Product]
        do {
            served = try await store.allProducts()
        } catch {
            throw CommandFailure(
                "kiosk: cannot list the products of \(url.absoluteString): \(error)", exit: .failure)
        }
        guard served.isEmpty || served.contains(where: { local.contains($0.id) }) else {
            let file = URL(fileURLWithPath: catalog.path).lastPathComponent
            throw CommandFailure(
                "kiosk: \(url.absoluteString) sells none of the products in \(file): "
                    + "pass --catalog with the catalog kiosk serve was started with", exit: .dataError)
        }
    }
}

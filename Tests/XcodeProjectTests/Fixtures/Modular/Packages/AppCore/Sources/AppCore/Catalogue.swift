import Foundation
import StoreKit
import os.log

/// The products the shop features, from the package's own resource (Bundle.module).
public enum Catalogue {
    public static func featured() -> [String] {
        guard let url = Bundle.module.url(forResource: "featured", withExtension: "json"),
            let data = try? Data(contentsOf: url),
            let ids = try? JSONDecoder().decode([String].self, from: data)
        else {
            os_log("featured.json is missing from %{public}@", type: .error, "AppCore")
            return []
        }
        return ids
    }

    /// The featured products as StoreKit loads them.
    public static func products() async throws -> [Product] {
        try await Product.products(for: featured())
    }
}

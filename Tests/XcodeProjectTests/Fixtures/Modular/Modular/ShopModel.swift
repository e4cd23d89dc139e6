import AppCore
import Billing
import SwiftUI
import os

/// The shop's model, as Xcode's templates write one: `import SwiftUI` for `ObservableObject`
/// and `@Published`, no view in the file. Logs with `os`'s Logger.
@MainActor
final class ShopModel: ObservableObject {
    @Published private(set) var owned: [String] = []
    @Published private(set) var featured: [String] = []
    private let log = Logger(subsystem: "com.example.modular", category: "shop")

    func refresh() async {
        owned = await Billing.ownedProductIDs()
        featured = Catalogue.featured()
        log.info("owned \(self.owned.count, privacy: .public) products")
    }

    /// "1 products owned", as the shop's header says it (String(localized:), as Xcode 15's
    /// templates write text).
    var summary: String { String(localized: "\(owned.count) products owned") }

    /// The product identifiers the app sells, from the app's own Products.plist (Bundle.main).
    nonisolated static func sellable() -> [String] {
        guard let url = Bundle.main.url(forResource: "Products", withExtension: "plist"),
            let data = try? Data(contentsOf: url),
            let list = try? PropertyListSerialization.propertyList(from: data, format: nil) as? [String]
        else { return [] }
        return list
    }
}

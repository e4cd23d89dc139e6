import Foundation
import StoreKit

/// What the customer owns, as a package's purchase code keeps it: `@Published` with only
/// Foundation and StoreKit imported, as on Apple platforms.
@MainActor
public final class Entitlements: ObservableObject {
    @Published public private(set) var owned: Set<String> = []

    public init() {}

    public func refresh() async {
        var owned: Set<String> = []
        for await case .verified(let transaction) in Transaction.currentEntitlements {
            owned.insert(transaction.productID)
        }
        self.owned = owned
    }
}

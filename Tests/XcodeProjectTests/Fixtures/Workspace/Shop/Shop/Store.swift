import StoreKit

/// What the customer owns, from Transaction.currentEntitlements.
@MainActor
final class Store {
    static let filters = "com.example.xcodeapp.filters"

    private(set) var owned: Set<String> = []

    func refresh() async {
        var found: Set<String> = []
        for await result in Transaction.currentEntitlements {
            if case .verified(let transaction) = result, transaction.revocationDate == nil {
                found.insert(transaction.productID)
            }
        }
        owned = found
    }
}

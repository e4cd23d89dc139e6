import StoreKit

/// What the customer owns, from Transaction.currentEntitlements. Main-actor isolated by the
/// target's default isolation (SWIFT_DEFAULT_ACTOR_ISOLATION = MainActor).
final class Entitlements {
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

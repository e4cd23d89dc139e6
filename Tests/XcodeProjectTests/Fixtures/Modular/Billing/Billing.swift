import OSLog
import StoreKit

/// A framework target of the app (File > New > Target > Framework): what the customer owns.
public enum Billing {
    private static let log = Logger(subsystem: "com.example.modular", category: "billing")

    /// The verified products the customer is entitled to now, sorted.
    public static func ownedProductIDs() async -> [String] {
        var owned: [String] = []
        for await result in Transaction.currentEntitlements {
            guard case .verified(let transaction) = result else {
                log.error("an unverified entitlement was ignored")
                continue
            }
            owned.append(transaction.productID)
        }
        return owned.sorted()
    }
}

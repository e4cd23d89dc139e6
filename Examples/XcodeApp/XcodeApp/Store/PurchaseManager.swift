import Foundation
import StoreKit

/// The app's store, as Apple's StoreKit documentation writes one: it loads the products,
/// buys them, listens for transactions from launch, and keeps what the customer owns from
/// `Transaction.currentEntitlements`. Main-actor isolated by the target's default isolation.
final class PurchaseManager {
    enum StoreError: Error {
        case failedVerification
    }

    static let filtersID = "com.example.xcodeapp.filters"
    static let printsID = "com.example.xcodeapp.prints10"
    static let clubMonthlyID = "com.example.xcodeapp.club.monthly"
    static let productIDs = [filtersID, printsID, clubMonthlyID]

    private(set) var products: [Product] = []
    /// Non-consumables and subscriptions the customer has now.
    private(set) var purchasedIdentifiers: Set<String> = []
    /// Prints bought (consumable): ten a pack.
    private(set) var prints = 0

    private var updates: Task<Void, Never>?

    init() {
        updates = listenForTransactions()
    }

    /// Loads the products and what the customer owns, at launch.
    func start() async {
        try? await loadProducts()
        await updatePurchasedProducts()
    }

    func loadProducts() async throws {
        products = try await Product.products(for: Self.productIDs).sorted { $0.price < $1.price }
    }

    func product(_ id: String) -> Product? { products.first { $0.id == id } }

    func owns(_ id: String) -> Bool { purchasedIdentifiers.contains(id) }

    /// Buys `product`; the transaction it returns, or nil when the customer cancelled or the
    /// purchase waits for approval.
    @discardableResult
    func purchase(_ product: Product) async throws -> Transaction? {
        switch try await product.purchase() {
        case .success(let verification):
            let transaction = try checkVerified(verification)
            deliver(transaction)
            await transaction.finish()
            await updatePurchasedProducts()
            return transaction
        case .userCancelled, .pending:
            return nil
        @unknown default:
            return nil
        }
    }

    /// Transactions made outside the app (renewals, refunds, Ask to Buy approvals) arrive here.
    private func listenForTransactions() -> Task<Void, Never> {
        Task {
            for await result in Transaction.updates {
                guard case .verified(let transaction) = result else { continue }
                deliver(transaction)
                await transaction.finish()
                await updatePurchasedProducts()
            }
        }
    }

    func updatePurchasedProducts() async {
        var owned: Set<String> = []
        for await result in Transaction.currentEntitlements {
            guard case .verified(let transaction) = result, transaction.revocationDate == nil else {
                continue
            }
            owned.insert(transaction.productID)
        }
        purchasedIdentifiers = owned
    }

    private func deliver(_ transaction: Transaction) {
        if transaction.productType == .consumable, transaction.revocationDate == nil {
            prints += 10 * transaction.purchasedQuantity
        }
    }

    nonisolated func checkVerified<T>(_ result: VerificationResult<T>) throws -> T {
        switch result {
        case .unverified:
            throw StoreError.failedVerification
        case .verified(let safe):
            return safe
        }
    }
}

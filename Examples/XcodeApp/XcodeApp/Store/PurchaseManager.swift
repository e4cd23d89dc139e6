import Foundation
import StoreKit

/// The app's store, written as Apple's sample "Implementing a store in your app using the
/// StoreKit API" writes its `Store`
/// (developer.apple.com/documentation/storekit/implementing-a-store-in-your-app-using-the-storekit-api):
/// an `ObservableObject` whose `@Published` properties the views read, that loads the products,
/// buys them, listens for transactions from launch, and keeps what the customer owns from
/// `Transaction.currentEntitlements`. Main-actor isolated by the target's default isolation.
/// On Linux, `kiosk xctest` compiles it against Kiosk's StoreKit and its subset of Combine.
final class PurchaseManager: ObservableObject {
    enum StoreError: Error {
        case failedVerification
    }

    static let filtersID = "com.example.xcodeapp.filters"
    static let printsID = "com.example.xcodeapp.prints10"
    static let clubMonthlyID = "com.example.xcodeapp.club.monthly"
    static let productIDs = [filtersID, printsID, clubMonthlyID]

    @Published private(set) var products: [Product] = []
    /// Non-consumables and subscriptions the customer has now.
    @Published private(set) var purchasedIdentifiers: Set<String> = []
    /// Prints bought (consumable): ten a pack.
    @Published private(set) var prints = 0

    private var updateListenerTask: Task<Void, Never>?

    init() {
        // Start listening before anything else, so no transaction made outside the app is missed.
        updateListenerTask = listenForTransactions()
    }

    deinit {
        updateListenerTask?.cancel()
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
        let result = try await product.purchase()
        switch result {
        case .success(let verification):
            let transaction = try checkVerified(verification)
            deliver(transaction)
            await updatePurchasedProducts()
            // Finish only once the content is delivered: an unfinished transaction comes back.
            await transaction.finish()
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
                guard let transaction = try? checkVerified(result) else { continue }
                deliver(transaction)
                await updatePurchasedProducts()
                await transaction.finish()
            }
        }
    }

    func updatePurchasedProducts() async {
        var owned: Set<String> = []
        for await result in Transaction.currentEntitlements {
            guard let transaction = try? checkVerified(result), transaction.revocationDate == nil else {
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

    /// The signed value when StoreKit verified it; Apple's sample throws for an unverified one.
    nonisolated func checkVerified<T>(_ result: VerificationResult<T>) throws -> T {
        switch result {
        case .unverified:
            throw StoreError.failedVerification
        case .verified(let safe):
            return safe
        }
    }
}

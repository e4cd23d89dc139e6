import Foundation
import KioskStoreKit

/// A purchase manager written as Apple's documentation and sample code write one (the listener
/// started at init, `finish()` after delivering, entitlements that honour `revocationDate`),
/// with only its import changed: what the tests below drive through `SKTestSession`.
@MainActor
final class LumenStore {
    enum StoreFailure: Error { case failedVerification }

    static let productIDs = [
        "com.kiosk.lumen.lifetime", "com.kiosk.lumen.aicredits10", "com.kiosk.lumen.pro.monthly",
        "com.kiosk.lumen.pro.annual", "com.kiosk.lumen.nothing.here",
    ]

    private(set) var products: [Product] = []
    private(set) var purchasedProductIDs: Set<String> = []
    private(set) var credits = 0
    private(set) var pendingProductIDs: Set<String> = []
    private var updateListenerTask: Task<Void, any Error>?

    init(listen: Bool = true) {
        if listen { updateListenerTask = listenForTransactions() }
    }

    deinit { updateListenerTask?.cancel() }

    func listenForTransactions() -> Task<Void, any Error> {
        Task.detached {
            for await result in Transaction.updates {
                do {
                    let transaction = try self.checkVerified(result)
                    await self.deliver(transaction)
                    await self.updateCustomerProductStatus()
                    await transaction.finish()
                } catch {
                    print("Transaction failed verification")
                }
            }
        }
    }

    func requestProducts() async throws { products = try await Product.products(for: Self.productIDs) }

    @discardableResult
    func purchase(_ product: Product, options: Set<Product.PurchaseOption> = [], finish: Bool = true)
        async throws
        -> Transaction?
    {
        let result = try await product.purchase(options: options)
        switch result {
        case .success(let verification):
            let transaction = try checkVerified(verification)
            deliver(transaction)
            if finish { await transaction.finish() }
            return transaction
        case .userCancelled:
            return nil
        case .pending:
            pendingProductIDs.insert(product.id)
            return nil
        @unknown default:
            return nil
        }
    }

    nonisolated func checkVerified<T>(_ result: VerificationResult<T>) throws -> T {
        switch result {
        case .unverified:
            throw StoreFailure.failedVerification
        case .verified(let safe):
            return safe
        }
    }

    func deliver(_ transaction: Transaction) {
        pendingProductIDs.remove(transaction.productID)
        if transaction.productType == .consumable, transaction.revocationDate == nil {
            credits += 10 * transaction.purchasedQuantity
        }
    }

    func updateCustomerProductStatus() async {
        var purchased: Set<String> = []
        for await result in Transaction.currentEntitlements {
            guard case .verified(let transaction) = result, transaction.revocationDate == nil else {
                continue
            }
            purchased.insert(transaction.productID)
        }
        purchasedProductIDs = purchased
    }

    func product(_ id: String) -> Product? { products.first { $0.id == id } }

    enum Missing: Error { case product(String) }

    /// Buys the product with this identifier (thrown when the store did not list it).
    @discardableResult
    func buy(_ id: String, options: Set<Product.PurchaseOption> = [], finish: Bool = true) async throws
        -> Transaction?
    {
        guard let product = product(id) else { throw Missing.product(id) }
        return try await purchase(product, options: options, finish: finish)
    }
}

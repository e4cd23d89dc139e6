import Foundation

import StoreKit

/// The app's store: loads products, buys them, listens for transactions from launch, and
/// keeps what the customer is entitled to, written as Apple's documentation writes it.
@MainActor
public final class PurchaseManager {
    public enum Failure: Error { case failedVerification }

    public static let creditsID = "com.kiosk.lumen.aicredits10"
    public static let lifetimeID = "com.kiosk.lumen.lifetime"
    public static let proMonthlyID = "com.kiosk.lumen.pro.monthly"
    public static let proAnnualID = "com.kiosk.lumen.pro.annual"
    static let productIDs = [creditsID, lifetimeID, proMonthlyID, proAnnualID]

    public private(set) var products: [Product] = []
    /// Non-consumables and subscriptions the customer has now.
    public private(set) var entitlements: Set<String> = []
    /// AI credits bought (consumable): ten per pack.
    public private(set) var credits = 0
    /// Purchases waiting for Ask to Buy approval.
    public private(set) var awaitingApproval: Set<String> = []
    /// The subscription's state, for a banner ("update your payment method").
    public private(set) var subscriptionState: Product.SubscriptionInfo.RenewalState?

    private var updates: Task<Void, Never>?

    public init() {
        updates = listenForTransactions()
    }

    deinit { updates?.cancel() }

    /// Apple's sample starts the listener detached, at launch, and keeps it for the process.
    private func listenForTransactions() -> Task<Void, Never> {
        Task.detached { [weak self] in
            for await result in Transaction.updates {
                guard let self else { return }
                guard case .verified(let transaction) = result else { continue }
                await self.deliver(transaction)
                await transaction.finish()
                await self.refresh()
            }
        }
    }

    /// Loads the products (unknown identifiers are left out by the store).
    public func loadProducts() async throws {
        products = try await Product.products(for: Self.productIDs).sorted { $0.price < $1.price }
    }

    public func product(_ id: String) -> Product? { products.first { $0.id == id } }

    /// Buys a product; true when it was bought now.
    @discardableResult
    public func buy(_ product: Product, options: Set<Product.PurchaseOption> = []) async throws -> Bool {
        switch try await product.purchase(options: options) {
        case .success(let verification):
            let transaction = try checkVerified(verification)
            deliver(transaction)
            await transaction.finish()
            await refresh()
            return true
        case .pending:
            awaitingApproval.insert(product.id)
            return false
        case .userCancelled:
            return false
        @unknown default:
            return false
        }
    }

    /// Restores purchases, as the paywall's Restore button does.
    public func restore() async throws {
        try await AppStore.sync()
        await refresh()
    }

    /// Recomputes entitlements: only verified, unrevoked transactions count.
    public func refresh() async {
        var owned: Set<String> = []
        for await result in Transaction.currentEntitlements {
            guard case .verified(let transaction) = result, transaction.revocationDate == nil else {
                continue
            }
            owned.insert(transaction.productID)
        }
        entitlements = owned
        let group = product(Self.proMonthlyID)?.subscription
        subscriptionState = try? await group?.status.first?.state
    }

    /// Whether the customer has Pro: an active subscription, or in its grace period.
    public var hasPro: Bool {
        entitlements.contains(Self.proMonthlyID) || entitlements.contains(Self.proAnnualID)
            || entitlements.contains(Self.lifetimeID)
    }

    private func deliver(_ transaction: Transaction) {
        awaitingApproval.remove(transaction.productID)
        if transaction.productType == .consumable, transaction.revocationDate == nil {
            credits += 10 * transaction.purchasedQuantity
        }
    }

    nonisolated func checkVerified<T>(_ result: VerificationResult<T>) throws -> T {
        switch result {
        case .unverified:
            throw Failure.failedVerification
        case .verified(let safe):
            return safe
        }
    }
}

#if os(Linux)
    // The seeds' purchase manager (../shared/seeds, "Implementation Notes: Adding StoreKit 2
    // In-App Purchases to a Rork iOS App"), unchanged but for one line: its `import SwiftUI`
    // is `import Combine`, where ObservableObject and @Published live on Apple platforms too.
    // Its products are the seed's, in Fixtures/Seed.storekit.
    import StoreKit
    import Combine

    @MainActor
    final class PurchaseManager: ObservableObject {
        @Published private(set) var products: [Product] = []
        @Published private(set) var purchasedProductIDs: Set<String> = []

        private var updates: Task<Void, Never>? = nil

        static let productIDs = [
            "com.dolice.wallpaper.nonconsumable.premium",
            "com.dolice.wallpaper.consumable.pack_50",
        ]

        init() {
            // Listen for Transaction updates in background
            updates = observeTransactionUpdates()
        }

        deinit {
            updates?.cancel()
        }

        // Fetch product info from App Store
        func loadProducts() async throws {
            products = try await Product.products(for: Self.productIDs)
        }

        // Execute purchase
        func purchase(_ product: Product) async throws -> Bool {
            let result = try await product.purchase()
            switch result {
            case .success(let verification):
                let transaction = try checkVerified(verification)
                await transaction.finish()
                await updatePurchasedProducts()
                return true
            case .userCancelled:
                return false
            case .pending:
                return false
            @unknown default:
                return false
            }
        }

        // JWS-based verification handled by StoreKit 2
        func checkVerified<T>(_ result: VerificationResult<T>) throws -> T {
            switch result {
            case .verified(let safe):
                return safe
            case .unverified:
                throw PurchaseError.verificationFailed
            }
        }

        // Refresh current entitlements
        func updatePurchasedProducts() async {
            var purchased: Set<String> = []
            for await result in Transaction.currentEntitlements {
                guard case .verified(let transaction) = result else { continue }
                if transaction.revocationDate == nil {
                    purchased.insert(transaction.productID)
                }
            }
            purchasedProductIDs = purchased
        }

        // Continuous Transaction observation
        private func observeTransactionUpdates() -> Task<Void, Never> {
            Task { [weak self] in
                for await result in Transaction.updates {
                    guard let self else { return }
                    guard case .verified(let transaction) = result else { continue }
                    await transaction.finish()
                    await self.updatePurchasedProducts()
                }
            }
        }

        enum PurchaseError: Error {
            case verificationFailed
        }
    }
#endif

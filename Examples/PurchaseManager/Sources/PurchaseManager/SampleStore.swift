// Apple's StoreKit 2 sample store ("Implementing a store in your app using the StoreKit API"),
// as most apps still build it: the Swift 5 language mode, a non-Sendable class, a
// `Task.detached` listener that captures `self`, qualified StoreKit names, an `ObservableObject`
// with `@Published` properties (on Linux, Kiosk's Combine subset, which `import StoreKit` brings
// as Apple's does). Built only in the Swift 5 mode (`KIOSK_SWIFT5=1`), where this is ordinary
// code; in Swift 6 the manager beside it is the way.
#if !swift(>=6.0)
    import Foundation
    import StoreKit

    public typealias RenewalInfo = StoreKit.Product.SubscriptionInfo.RenewalInfo
    public typealias RenewalState = StoreKit.Product.SubscriptionInfo.RenewalState

    public enum SampleStoreError: Error {
        case failedVerification
    }

    public class SampleStore: ObservableObject {
        @Published public private(set) var consumables: [Product] = []
        @Published public private(set) var nonConsumables: [Product] = []
        @Published public private(set) var subscriptions: [Product] = []
        @Published public private(set) var purchasedNonConsumables: [Product] = []
        @Published public private(set) var purchasedSubscriptions: [Product] = []
        @Published public private(set) var subscriptionGroupStatus: RenewalState?

        var updateListenerTask: Task<Void, Error>? = nil
        let productIDs: Set<String>

        public init(productIDs: Set<String>) {
            self.productIDs = productIDs
            updateListenerTask = listenForTransactions()
        }

        deinit {
            updateListenerTask?.cancel()
        }

        func listenForTransactions() -> Task<Void, Error> {
            return Task.detached {
                for await result in StoreKit.Transaction.updates {
                    do {
                        let transaction = try self.checkVerified(result)
                        await self.updateCustomerProductStatus()
                        await transaction.finish()
                    } catch {
                        print("Transaction failed verification")
                    }
                }
            }
        }

        @MainActor
        public func requestProducts() async {
            do {
                let storeProducts = try await Product.products(for: productIDs)
                var newConsumables: [Product] = []
                var newNonConsumables: [Product] = []
                var newSubscriptions: [Product] = []
                for product in storeProducts {
                    switch product.type {
                    case .consumable: newConsumables.append(product)
                    case .nonConsumable: newNonConsumables.append(product)
                    case .autoRenewable: newSubscriptions.append(product)
                    default: print("Unknown product")
                    }
                }
                consumables = newConsumables.sorted { $0.price < $1.price }
                nonConsumables = newNonConsumables.sorted { $0.price < $1.price }
                subscriptions = newSubscriptions.sorted { $0.price < $1.price }
            } catch {
                print("Failed product request from the App Store server: \(error)")
            }
        }

        public func purchase(_ product: Product) async throws -> StoreKit.Transaction? {
            let result = try await product.purchase()
            switch result {
            case .success(let verification):
                let transaction = try checkVerified(verification)
                await updateCustomerProductStatus()
                await transaction.finish()
                return transaction
            case .userCancelled, .pending:
                return nil
            default:
                return nil
            }
        }

        func checkVerified<T>(_ result: VerificationResult<T>) throws -> T {
            switch result {
            case .unverified:
                throw SampleStoreError.failedVerification
            case .verified(let safe):
                return safe
            }
        }

        @MainActor
        public func updateCustomerProductStatus() async {
            var purchasedNonConsumables: [Product] = []
            var purchasedSubscriptions: [Product] = []
            for await result in StoreKit.Transaction.currentEntitlements {
                do {
                    let transaction = try checkVerified(result)
                    switch transaction.productType {
                    case .nonConsumable:
                        if let product = nonConsumables.first(where: { $0.id == transaction.productID }) {
                            purchasedNonConsumables.append(product)
                        }
                    case .autoRenewable:
                        if let product = subscriptions.first(where: { $0.id == transaction.productID }) {
                            purchasedSubscriptions.append(product)
                        }
                    default:
                        break
                    }
                } catch {
                    print()
                }
            }
            self.purchasedNonConsumables = purchasedNonConsumables
            self.purchasedSubscriptions = purchasedSubscriptions
            subscriptionGroupStatus = try? await subscriptions.first?.subscription?.status.first?.state
        }
    }
#endif

import Foundation
import StoreCore

/// A StoreKit API a test can make fail, with the failures it accepts: Apple's
/// `protocol FailableStoreKitAPI<Failure> : Sendable`
/// (developer.apple.com/documentation/storekittest/failablestorekitapi). Its values are the
/// static properties below (`.loadProducts`, `.purchase`, ...), so
/// `setSimulatedError(.generic(.networkError(error)), forAPI: .loadProducts)` type-checks the
/// failure against the API.
public protocol FailableStoreKitAPI<Failure>: Sendable {
    associatedtype Failure: SKTestFailure
}

/// Which of the store's failable APIs a value names.
protocol StoreAPINaming {
    static var storeAPI: FailableAPI { get }
}

/// Apple's `struct StoreKitAppStoreSyncAPI`: `AppStore.sync()`.
public struct StoreKitAppStoreSyncAPI: FailableStoreKitAPI, StoreAPINaming {
    public typealias Failure = SKTestFailures.AppStoreSync
    public init() {}
    static var storeAPI: FailableAPI { .appStoreSync }
}
/// Apple's `struct StoreKitAppTransactionAPI`: `AppTransaction.shared` and `refresh()`.
public struct StoreKitAppTransactionAPI: FailableStoreKitAPI, StoreAPINaming {
    public typealias Failure = SKTestFailures.AppTransaction
    public init() {}
    static var storeAPI: FailableAPI { .appTransaction }
}
/// Apple's `struct StoreKitLoadProductsAPI`: `Product.products(for:)`.
public struct StoreKitLoadProductsAPI: FailableStoreKitAPI, StoreAPINaming {
    public typealias Failure = SKTestFailures.LoadProducts
    public init() {}
    static var storeAPI: FailableAPI { .loadProducts }
}
/// Apple's `struct StoreKitManageSubscriptionsAPI`: the manage subscriptions sheet.
public struct StoreKitManageSubscriptionsAPI: FailableStoreKitAPI, StoreAPINaming {
    public typealias Failure = SKTestFailures.ManageSubscriptions
    public init() {}
    static var storeAPI: FailableAPI { .manageSubscriptions }
}
/// Apple's `struct StoreKitOfferCodeRedeemAPI`: the offer code redemption sheet.
public struct StoreKitOfferCodeRedeemAPI: FailableStoreKitAPI, StoreAPINaming {
    public typealias Failure = SKTestFailures.OfferCodeRedeem
    public init() {}
    static var storeAPI: FailableAPI { .offerCodeRedeem }
}
/// Apple's `struct StoreKitPurchaseAPI`: `product.purchase(options:)`.
public struct StoreKitPurchaseAPI: FailableStoreKitAPI, StoreAPINaming {
    public typealias Failure = SKTestFailures.Purchase
    public init() {}
    static var storeAPI: FailableAPI { .purchase }
}
/// Apple's `struct StoreKitRefundRequestAPI`: the refund request sheet.
public struct StoreKitRefundRequestAPI: FailableStoreKitAPI, StoreAPINaming {
    public typealias Failure = SKTestFailures.RefundRequest
    public init() {}
    static var storeAPI: FailableAPI { .refundRequest }
}
/// Apple's `struct StoreKitSubscriptionStatusAPI`: `Product.SubscriptionInfo.status(for:)`.
public struct StoreKitSubscriptionStatusAPI: FailableStoreKitAPI, StoreAPINaming {
    public typealias Failure = SKTestFailures.SubscriptionStatus
    public init() {}
    static var storeAPI: FailableAPI { .subscriptionStatus }
}
/// Apple's `struct StoreKitVerificationAPI`: the verification of every signed result.
public struct StoreKitVerificationAPI: FailableStoreKitAPI, StoreAPINaming {
    public typealias Failure = SKTestFailures.Verification
    public init() {}
    static var storeAPI: FailableAPI { .verification }
}

// Apple's type properties of `FailableStoreKitAPI` (`static var loadProducts:
// StoreKitLoadProductsAPI`, ...), which let a call write `forAPI: .loadProducts`.
extension FailableStoreKitAPI where Self == StoreKitAppStoreSyncAPI {
    public static var appStoreSync: StoreKitAppStoreSyncAPI { .init() }
}
extension FailableStoreKitAPI where Self == StoreKitAppTransactionAPI {
    public static var appTransaction: StoreKitAppTransactionAPI { .init() }
}
extension FailableStoreKitAPI where Self == StoreKitLoadProductsAPI {
    public static var loadProducts: StoreKitLoadProductsAPI { .init() }
}
extension FailableStoreKitAPI where Self == StoreKitManageSubscriptionsAPI {
    public static var manageSubscriptions: StoreKitManageSubscriptionsAPI { .init() }
}
extension FailableStoreKitAPI where Self == StoreKitOfferCodeRedeemAPI {
    public static var offerCodeRedeem: StoreKitOfferCodeRedeemAPI { .init() }
}
extension FailableStoreKitAPI where Self == StoreKitPurchaseAPI {
    public static var purchase: StoreKitPurchaseAPI { .init() }
}
extension FailableStoreKitAPI where Self == StoreKitRefundRequestAPI {
    public static var refundRequest: StoreKitRefundRequestAPI { .init() }
}
extension FailableStoreKitAPI where Self == StoreKitSubscriptionStatusAPI {
    public static var subscriptionStatus: StoreKitSubscriptionStatusAPI { .init() }
}
extension FailableStoreKitAPI where Self == StoreKitVerificationAPI {
    public static var verification: StoreKitVerificationAPI { .init() }
}

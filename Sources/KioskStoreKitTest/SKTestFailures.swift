import Foundation
import KioskStoreKit
import StoreCore

/// A way a StoreKit API can fail in the test environment: Apple's
/// `protocol SKTestFailure : Equatable, Sendable`
/// (developer.apple.com/documentation/storekittest/sktestfailure).
public protocol SKTestFailure: Equatable, Sendable {}

/// The failures of each API, as Apple's `enum SKTestFailures`
/// (developer.apple.com/documentation/storekittest/sktestfailures): one enumeration per API,
/// with the cases its page lists. Two failures are equal when they fail the same way (a
/// network error's `URLError` payload is not compared).
public enum SKTestFailures {
    /// Apple's `SKTestFailures.AppStoreSync`: `case generic(StoreKitError)`.
    public enum AppStoreSync: SKTestFailure, GenericFailure {
        case generic(KioskStoreKit.StoreKitError)
    }
    /// Apple's `SKTestFailures.AppTransaction`: `case generic(StoreKitError)`.
    public enum AppTransaction: SKTestFailure, GenericFailure {
        case generic(KioskStoreKit.StoreKitError)
    }
    /// Apple's `SKTestFailures.LoadProducts`: `case generic(StoreKitError)`.
    public enum LoadProducts: SKTestFailure, GenericFailure {
        case generic(KioskStoreKit.StoreKitError)
    }
    /// Apple's `SKTestFailures.ManageSubscriptions`: `case generic(StoreKitError)`.
    public enum ManageSubscriptions: SKTestFailure, GenericFailure {
        case generic(KioskStoreKit.StoreKitError)
    }
    /// Apple's `SKTestFailures.OfferCodeRedeem`: `case generic(StoreKitError)`.
    public enum OfferCodeRedeem: SKTestFailure, GenericFailure {
        case generic(KioskStoreKit.StoreKitError)
    }
    /// Apple's `SKTestFailures.SubscriptionStatus`: `case generic(StoreKitError)`.
    public enum SubscriptionStatus: SKTestFailure, GenericFailure {
        case generic(KioskStoreKit.StoreKitError)
    }
    /// Apple's `SKTestFailures.Purchase`: `case generic(StoreKitError)`,
    /// `case purchase(Product.PurchaseError)`.
    public enum Purchase: SKTestFailure {
        case generic(KioskStoreKit.StoreKitError)
        case purchase(KioskStoreKit.Product.PurchaseError)
    }
    /// Apple's `SKTestFailures.Verification`:
    /// `case verification(VerificationResult<Any>.VerificationError)`.
    public enum Verification: SKTestFailure {
        case verification(KioskStoreKit.VerificationResult<Any>.VerificationError)
    }
    /// Apple's `SKTestFailures.RefundRequest`: `case generic(StoreKitError)`,
    /// `case refundRequest(Transaction.RefundRequestError)`.
    public enum RefundRequest: SKTestFailure {
        case generic(KioskStoreKit.StoreKitError)
        case refundRequest(KioskStoreKit.Transaction.RefundRequestError)
    }
}

/// How a failure reaches Kiosk's store (`SimulatedFailure`), and back.
protocol StoreFailureConvertible: SKTestFailure {
    /// The store's form; nil for a failure the session keeps itself (a refund request's own error).
    var storeFailure: SimulatedFailure? { get }
    init?(storeFailure: SimulatedFailure)
}

extension StoreFailureConvertible {
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.storeFailure == rhs.storeFailure }
}

/// The failure types that only carry a StoreKit error.
protocol GenericFailure: StoreFailureConvertible {
    static func generic(_ error: KioskStoreKit.StoreKitError) -> Self
    var genericError: KioskStoreKit.StoreKitError { get }
}

extension GenericFailure {
    var storeFailure: SimulatedFailure? { .generic(genericError.storeCoreError) }
    init?(storeFailure: SimulatedFailure) {
        guard case .generic(let error) = storeFailure else { return nil }
        self = .generic(KioskStoreKit.StoreKitError(storeCoreError: error))
    }
}

extension SKTestFailures.AppStoreSync {
    var genericError: KioskStoreKit.StoreKitError {
        switch self {
        case .generic(let error): error
        }
    }
}
extension SKTestFailures.AppTransaction {
    var genericError: KioskStoreKit.StoreKitError {
        switch self {
        case .generic(let error): error
        }
    }
}
extension SKTestFailures.LoadProducts {
    var genericError: KioskStoreKit.StoreKitError {
        switch self {
        case .generic(let error): error
        }
    }
}
extension SKTestFailures.ManageSubscriptions {
    var genericError: KioskStoreKit.StoreKitError {
        switch self {
        case .generic(let error): error
        }
    }
}
extension SKTestFailures.OfferCodeRedeem {
    var genericError: KioskStoreKit.StoreKitError {
        switch self {
        case .generic(let error): error
        }
    }
}
extension SKTestFailures.SubscriptionStatus {
    var genericError: KioskStoreKit.StoreKitError {
        switch self {
        case .generic(let error): error
        }
    }
}

extension SKTestFailures.Purchase: StoreFailureConvertible {
    var storeFailure: SimulatedFailure? {
        switch self {
        case .generic(let error): .generic(error.storeCoreError)
        case .purchase(let error): .purchase(error.storeCoreError)
        }
    }
    init?(storeFailure: SimulatedFailure) {
        switch storeFailure {
        case .generic(let error): self = .generic(KioskStoreKit.StoreKitError(storeCoreError: error))
        case .purchase(let error):
            self = .purchase(KioskStoreKit.Product.PurchaseError(storeCoreError: error))
        case .verification: return nil
        }
    }
}

extension SKTestFailures.Verification: StoreFailureConvertible {
    var storeFailure: SimulatedFailure? {
        switch self {
        case .verification(let error): .verification(error.storeCoreError)
        }
    }
    init?(storeFailure: SimulatedFailure) {
        guard case .verification(let error) = storeFailure else { return nil }
        self = .verification(.init(storeCoreError: error))
    }
}

extension SKTestFailures.RefundRequest: StoreFailureConvertible {
    var storeFailure: SimulatedFailure? {
        switch self {
        case .generic(let error): .generic(error.storeCoreError)
        case .refundRequest: nil
        }
    }
    init?(storeFailure: SimulatedFailure) {
        guard case .generic(let error) = storeFailure else { return nil }
        self = .generic(KioskStoreKit.StoreKitError(storeCoreError: error))
    }
    public static func == (lhs: Self, rhs: Self) -> Bool {
        switch (lhs, rhs) {
        case (.refundRequest(let left), .refundRequest(let right)): left == right
        case (.generic, .generic): lhs.storeFailure == rhs.storeFailure
        default: false
        }
    }
}

import Foundation
import KioskStoreKit
import StoreCore

/// An error of the test environment, as StoreKitTest's `SKTestError`, with a message that says
/// what was wrong and what to do.
public struct SKTestError: Error, Sendable, Hashable, LocalizedError, CustomStringConvertible {
    public enum Code: Int, Sendable, Hashable {
        case unknown = 0
        case fileNotFound
        case invalidAction
        case invalidProductIdentifier
        case invalidProductType
        case invalidURL
        case noSubscriptionFound
        case noTransactionFound
    }

    public let code: Code
    public let message: String

    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public static let errorDomain = "SKTestErrorDomain"
    public var description: String { "SKTestError.\(code): \(message)" }
    public var errorDescription: String? { description }

    public static let fileNotFound = Code.fileNotFound
    public static let invalidAction = Code.invalidAction
    public static let invalidProductIdentifier = Code.invalidProductIdentifier
    public static let noSubscriptionFound = Code.noSubscriptionFound
    public static let noTransactionFound = Code.noTransactionFound

    /// A store's refusal as the test environment's error.
    init(_ error: StoreError) {
        switch error {
        case .transactionNotFound: self.init(.noTransactionFound, "\(error)")
        case .productNotFound: self.init(.invalidProductIdentifier, "\(error)")
        case .invalidAction, .invalidArgument: self.init(.invalidAction, "\(error)")
        case .storeKit, .purchase, .accountNotFound, .backend, .idempotencyKeyReused:
            self.init(.unknown, "\(error)")
        }
    }
}

/// The StoreKit APIs a test can make fail.
public enum StoreKitAPI: Sendable, Hashable, CaseIterable {
    case loadProducts, purchase, verification, appStoreSync, subscriptionStatus, appTransaction
    case manageSubscriptions, refundRequest, offerCodeRedeem

    var core: FailableAPI {
        switch self {
        case .loadProducts: .loadProducts
        case .purchase: .purchase
        case .verification: .verification
        case .appStoreSync: .appStoreSync
        case .subscriptionStatus: .subscriptionStatus
        case .appTransaction: .appTransaction
        case .manageSubscriptions: .manageSubscriptions
        case .refundRequest: .refundRequest
        case .offerCodeRedeem: .offerCodeRedeem
        }
    }
}

/// How a simulated failure fails: a StoreKit error (any API), a purchase error (purchase
/// only) or a verification error (verification only), as StoreKitTest's `SKTestFailures`.
public enum SKTestFailure: Sendable, Equatable, CustomStringConvertible {
    case generic(KioskStoreKit.StoreKitError)
    case purchase(KioskStoreKit.Product.PurchaseError)
    case verification(KioskStoreKit.VerificationResult<KioskStoreKit.Transaction>.VerificationError)

    var core: SimulatedFailure {
        switch self {
        case .generic(let error): .generic(error.storeCoreError)
        case .purchase(let error): .purchase(error.storeCoreError)
        case .verification(let error): .verification(error.storeCoreError)
        }
    }

    init(_ failure: SimulatedFailure) {
        switch failure {
        case .generic(let error): self = .generic(KioskStoreKit.StoreKitError(storeCoreError: error))
        case .purchase(let error):
            self = .purchase(KioskStoreKit.Product.PurchaseError(storeCoreError: error))
        case .verification(let error): self = .verification(.init(storeCoreError: error))
        }
    }

    /// Two failures are the same when they fail the same way (a StoreKit error's payload, such as
    /// a network error's `URLError`, is not compared).
    public static func == (lhs: SKTestFailure, rhs: SKTestFailure) -> Bool { lhs.core == rhs.core }

    public var description: String { core.description }
}

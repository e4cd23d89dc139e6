import Foundation
import StoreCore

/// The errors StoreKit's calls throw, with Apple's cases.
public enum StoreKitError: Error, LocalizedError {
    case unknown
    case userCancelled
    case networkError(URLError)
    case systemError(any Error)
    case notAvailableInStorefront
    case notEntitled
    case unsupported

    public var errorDescription: String? {
        switch self {
        case .unknown: "An unknown error occurred."
        case .userCancelled: "The user cancelled."
        case .networkError(let error): "The network is not available: \(error.localizedDescription)"
        case .systemError(let error): "\(error)"
        case .notAvailableInStorefront: "The product is not available in this storefront."
        case .notEntitled: "The app is not entitled to this action."
        case .unsupported: "This action is not supported here."
        }
    }
}

/// Why KioskStoreKit could not reach a store, or what a store refused that StoreKit has no case
/// for; thrown inside `StoreKitError.systemError`, its description says what to do.
public struct KioskStoreError: Error, LocalizedError, CustomStringConvertible, Sendable {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
    public var errorDescription: String? { message }

    /// No session, no `KIOSK_CATALOG`, `KIOSK_STATE` or `KIOSK_STORE`.
    static let noStore = KioskStoreError(
        """
        KioskStoreKit has no store to talk to. Configure one: in tests, create an SKTestSession \
        (import KioskStoreKitTest) before calling StoreKit; in a program, set KIOSK_CATALOG=path/to/App.storekit \
        (an in-process simulator), KIOSK_STATE=DIR (share the store of that state directory, with the paywall \
        and kiosk store; KIOSK_CATALOG names its catalog when the state is new) or KIOSK_STORE=http://HOST:PORT \
        (a kiosk serve; its token in KIOSK_SERVER_TOKEN). See docs/your-code.md.
        """)
}

extension StoreKitError {
    /// A store's error in StoreKit's terms: StoreKit's and the purchase's own errors keep their
    /// case, anything else is a system error that says what happened.
    static func from(_ error: StoreError) -> any Error {
        switch error {
        case .storeKit(let kit): return from(kit, describing: error)
        case .purchase(let purchase): return Product.PurchaseError(purchase)
        case .productNotFound, .transactionNotFound, .accountNotFound, .invalidAction, .invalidArgument,
            .backend,
            .idempotencyKeyReused:
            return StoreKitError.systemError(KioskStoreError("\(error)"))
        }
    }

    /// StoreKit's own error for the store's; a system error says `error` in its words.
    static func from(_ kit: CoreStoreKitError, describing error: StoreError) -> StoreKitError {
        switch kit {
        case .unknown: .unknown
        case .userCancelled: .userCancelled
        case .networkError: .networkError(URLError(.notConnectedToInternet))
        case .systemError: .systemError(KioskStoreError("\(error)"))
        case .notAvailableInStorefront: .notAvailableInStorefront
        case .notEntitled: .notEntitled
        case .unsupported: .unsupported
        }
    }
}

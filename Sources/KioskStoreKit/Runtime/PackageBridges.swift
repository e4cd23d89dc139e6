import Foundation
import StoreCore

// What KioskStoreKitTest (the same package) needs of these types' StoreCore forms; not public,
// so an app sees only Apple's API.

extension Set where Element == Product.PurchaseOption {
    /// The store's forms of these options, in the stable order a purchase sends them, without
    /// the ones only the app's side keeps (`custom(key:value:)`, `onStorefrontChange`): what
    /// `Product.purchase(options:)` and SKTestSession's `buyProduct(identifier:options:)` send.
    package var storeOptions: [StoreCore.PurchaseOption] {
        sorted { $0.order < $1.order }.compactMap(\.option)
    }
}

extension Transaction {
    /// A store's signed transaction as the app sees it.
    package static func from(_ result: StoreCore.VerificationResult<StoreCore.Transaction>) throws
        -> Transaction
    {
        VerificationResult<Transaction>(result).unsafePayloadValue
    }
}

extension Product.PurchaseError {
    package var storeCoreError: StoreCore.PurchaseError { core }
    package init(storeCoreError: StoreCore.PurchaseError) { self.init(storeCoreError) }
}

extension VerificationResult.VerificationError {
    package var storeCoreError: StoreCore.VerificationError {
        switch self {
        case .revokedCertificate: .revokedCertificate()
        case .invalidCertificateChain: .invalidCertificateChain()
        case .invalidDeviceVerification: .invalidDeviceVerification()
        case .invalidEncoding: .invalidEncoding()
        case .invalidSignature: .invalidSignature()
        case .missingRequiredProperties: .missingRequiredProperties()
        }
    }
    package init(storeCoreError: StoreCore.VerificationError) { self.init(storeCoreError) }
}

extension StoreKitError {
    /// The case, without what it carries (a simulated failure names only the case).
    package var storeCoreError: StoreCore.StoreKitError {
        switch self {
        case .unknown: .unknown
        case .userCancelled: .userCancelled
        case .networkError: .networkError
        case .systemError: .systemError
        case .notAvailableInStorefront: .notAvailableInStorefront
        case .notEntitled: .notEntitled
        case .unsupported: .unsupported
        }
    }

    /// The error a simulated failure of this case throws.
    package init(storeCoreError: StoreCore.StoreKitError) {
        self = StoreKitError.from(storeCoreError, describing: .storeKit(storeCoreError))
    }
}

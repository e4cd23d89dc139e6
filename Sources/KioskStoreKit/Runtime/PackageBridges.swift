import Foundation
import StoreCore

// What KioskStoreKitTest (the same package) needs of these types' StoreCore forms; not public,
// so an app sees only Apple's API.

extension Product.PurchaseOption {
    package var coreOption: StoreCore.PurchaseOption { option }
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

import Foundation
import KioskStoreKit
import Simulator
import StoreCore
import Synchronization

/// Apple's first way to fail purchases, deprecated in iOS 17 for `setSimulatedError`
/// (developer.apple.com/documentation/storekittest/sktestsession/failtransactionsenabled):
/// still compiled by older test suites.
extension SKTestSession {
    /// Whether purchases fail, with `failureError`: Apple's `var failTransactionsEnabled: Bool`.
    /// On Kiosk's StoreKit 2 purchases it sets the purchase API's simulated error
    /// (`SKTestFailures.Purchase`); turning it off clears that error.
    public var failTransactionsEnabled: Bool {
        get { properties.withLock { $0.failTransactionsEnabled } }
        set {
            let was = properties.withLock { properties in
                defer { properties.failTransactionsEnabled = newValue }
                return properties.failTransactionsEnabled
            }
            if newValue || was { applyFailTransactions() }
        }
    }

    /// The error failing purchases answer: Apple's `var failureError: SKError.Code`. Apple's
    /// test environment supports `.unknown`, `.invalidOfferIdentifier`, `.invalidSignature`,
    /// `.missingOfferParams` and `.invalidOfferPrice`; another code fails purchases with
    /// `StoreKitError.unknown`, and says so on standard error.
    public var failureError: SKError.Code {
        get { properties.withLock { $0.failureError } }
        set {
            let enabled = properties.withLock { properties in
                properties.failureError = newValue
                return properties.failTransactionsEnabled
            }
            if enabled { applyFailTransactions() }
        }
    }

    private func applyFailTransactions() {
        let (enabled, code) = properties.withLock { ($0.failTransactionsEnabled, $0.failureError) }
        let failure = enabled ? Self.purchaseFailure(for: code) : nil
        blockingReporting("failTransactionsEnabled = \(enabled)", fallback: ()) { store throws(StoreError) in
            try await store.setSimulatedError(failure, for: .purchase)
        }
    }

    /// The StoreKit 2 failure Apple's supported codes stand for.
    static func purchaseFailure(for code: SKError.Code) -> SimulatedFailure {
        switch code {
        case .invalidOfferIdentifier: return .purchase(.invalidOfferIdentifier)
        case .invalidSignature: return .purchase(.invalidOfferSignature)
        case .missingOfferParams: return .purchase(.missingOfferParameters)
        case .invalidOfferPrice: return .purchase(.invalidOfferPrice)
        case .unknown: return .generic(.unknown)
        default:
            StoreKitRuntime.shared.report(
                SKTestError(
                    .invalidAction,
                    "failureError = .\(code) is not one Apple's test environment supports (unknown, "
                        + "invalidOfferIdentifier, invalidSignature, missingOfferParams, invalidOfferPrice): "
                        + "purchases fail with StoreKitError.unknown"))
            return .generic(.unknown)
        }
    }
}

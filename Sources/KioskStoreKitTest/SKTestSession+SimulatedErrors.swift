import Foundation
import KioskStoreKit
import Simulator
import StoreCore
import Synchronization

/// Simulated StoreKit errors, with Apple's declarations
/// (developer.apple.com/documentation/storekittest/sktestsession/setsimulatederror(_:forapi:)).
extension SKTestSession {
    /// Makes a StoreKit API fail with `error`, or succeed again with nil: Apple's
    /// `func setSimulatedError<API>(_ error: API.Failure?, forAPI api: API) async throws
    /// where API : FailableStoreKitAPI`.
    public func setSimulatedError<API: FailableStoreKitAPI>(_ error: API.Failure?, forAPI api: API)
        async throws
    {
        let storeAPI = try Self.storeAPI(api)
        if storeAPI == .refundRequest {
            let own = (error as? SKTestFailures.RefundRequest).flatMap { failure in
                if case .refundRequest(let refundError) = failure { refundError } else { nil }
            }
            refundRequestFailure.withLock { $0 = own }
        }
        let failure: SimulatedFailure?
        if let error {
            guard let convertible = error as? any StoreFailureConvertible else {
                throw SKTestError(.invalidAction, "\(error) is not a failure Kiosk's store can simulate")
            }
            failure = convertible.storeFailure
        } else {
            failure = nil
        }
        try await control { store throws(StoreError) in
            try await store.setSimulatedError(failure, for: storeAPI)
        }
    }

    /// The failure set for an API, if any: Apple's `func simulatedError<API>(forAPI api: API)
    /// async -> API.Failure? where API : FailableStoreKitAPI`. It cannot throw: a store that
    /// cannot be read answers no failure, and the reason is reported on standard error.
    public func simulatedError<API: FailableStoreKitAPI>(forAPI api: API) async -> API.Failure? {
        let storeAPI: FailableAPI
        do {
            storeAPI = try Self.storeAPI(api)
        } catch {
            StoreKitRuntime.shared.report(error)
            return nil
        }
        if storeAPI == .refundRequest, let own = refundRequestFailure.withLock({ $0 }) {
            return SKTestFailures.RefundRequest.refundRequest(own) as? API.Failure
        }
        let errors: [FailableAPI: SimulatedFailure]?
        do {
            errors = try await control { store throws(StoreError) in try await store.simulatedErrors() }
        } catch {
            StoreKitRuntime.shared.report(error)
            errors = nil
        }
        guard let failure = errors?[storeAPI],
            let type = API.Failure.self as? any StoreFailureConvertible.Type
        else { return nil }
        return type.init(storeFailure: failure) as? API.Failure
    }

    private static func storeAPI<API: FailableStoreKitAPI>(_ api: API) throws(SKTestError) -> FailableAPI {
        guard let naming = API.self as? any StoreAPINaming.Type else {
            throw SKTestError(
                .invalidAction,
                "\(API.self) is not one of StoreKitTest's APIs (.loadProducts, .purchase, ...)")
        }
        return naming.storeAPI
    }
}

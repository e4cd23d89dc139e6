import Foundation
import Signing
import StoreCore

/// The App Store's side of a real-time retention request: the signed `RealtimeRequestBody`
/// for a customer's subscription, as Apple sends it to the Get Retention Message endpoint.
extension SimulatedStore {
    /// The request for the subscription whose original transaction is `originalTransactionID`,
    /// in `locale`, signed at the store's time (so Apple's verifier checks the chain then).
    public func retentionRequest(originalTransactionID: UInt64, locale: String) throws(RetentionError)
        -> (payload: RealtimeRequestPayload, signedPayload: String)
    {
        let found: ServerTransaction?
        do throws(StoreError) {
            found = try serverTransaction(originalTransactionID)
        } catch {
            throw .internalError("\(error)")
        }
        guard let found, found.transaction.productType == .autoRenewable else {
            throw .invalidPerformanceTestRequest(
                "\(originalTransactionID) is not the original transaction of an auto-renewable subscription")
        }
        let identity = state.meta.identity
        let payload = RealtimeRequestPayload(
            originalTransactionID: found.transaction.originalID, appAppleID: identity.appAppleID,
            productID: found.transaction.productID, userLocale: locale, signedDate: currentTime,
            environment: identity.environment)
        return (payload, try signRealtimeRequest(payload))
    }

    /// Signs a real-time request with the store's certificates.
    public func signRealtimeRequest(_ payload: RealtimeRequestPayload) throws(RetentionError) -> String {
        do {
            return try signer.sign(payload)
        } catch {
            throw .internalError("the real-time request could not be signed: \(error)")
        }
    }
}

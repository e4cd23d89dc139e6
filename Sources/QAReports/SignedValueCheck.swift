import Foundation
import Signing
import StoreCore

/// What `kiosk verify` finds in a JWS: its payload, pretty-printed, and a verdict for it and for
/// each signed value a notification carries inside (`data.signedTransactionInfo`, ...), each
/// checked against the same root.
public struct SignedValueCheck: Sendable {
    /// The signed fields of a notification, checked along with it.
    public static let nestedFields = [
        ("data", "signedTransactionInfo"), ("data", "signedRenewalInfo"),
        ("appData", "signedAppTransactionInfo"),
    ]

    /// The payload as `kiosk verify` prints it (never trust it unless `verified`).
    public var payload: String
    /// What was checked ("JWS", "data.signedTransactionInfo", ...) and why it did not verify (nil: it did).
    public var verdicts: [(what: String, error: VerificationError?)]
    /// Every value verified.
    public var verified: Bool { verdicts.allSatisfy { $0.error == nil } }

    /// Checks `jws` and the signed values inside it against `root`.
    /// - Throws: what makes `jws` no JWS at all (not three parts, not base64url, not JSON).
    public init(_ jws: String, root: Certificate) throws(SigningError) {
        let verifier = JWSVerifier(trustedRoots: [root])
        let check = try verifier.check(jws)
        payload = PayloadJSON.pretty(check.payload)
        verdicts = [("JWS", check.error)]
        // A payload that is not a JSON object (printed as text) has no nested JWS to check.
        let object = (try? JSONSerialization.jsonObject(with: Data(check.payload))) as? [String: Any]
        for (name, field) in Self.nestedFields {
            guard let nested = (object?[name] as? [String: Any])?[field] as? String else { continue }
            let verdict: VerificationError?
            do { verdict = try verifier.check(nested).error } catch {
                verdict = .invalidEncoding(reason: "\(error)")
            }
            verdicts.append(("\(name).\(field)", verdict))
        }
    }
}

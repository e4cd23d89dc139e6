import Foundation
import Signing
import StoreCore

/// Why the store refused a signed offer or a signed introductory-offer eligibility. The app
/// gets Apple's `Product.PurchaseError.invalidOfferSignature` and nothing more, as on a
/// device; these words go to the purchase's journal line (`kiosk journal`), so a developer
/// sees which claim of their server's token was wrong.
public struct OfferSignatureRefusal: Error, Sendable, Hashable, CustomStringConvertible {
    /// What was signed: "promotional offer 'com.x.offer'", "introductory offer eligibility".
    public var signed: String
    /// The claim or field at fault, in words that say what to fix.
    public var reason: String

    public init(signed: String, reason: String) {
        self.signed = signed
        self.reason = reason
    }

    public var description: String { "the \(signed) signature was refused: \(reason)" }
}

/// The two shapes a signed request comes in; their fields are named differently.
enum SignedForm {
    /// A compact JWS: `kid` in the header, `iat` in seconds among the claims.
    case jws
    /// The legacy promotional offer signature: `keyIdentifier` and a `timestamp` in milliseconds.
    case legacy

    var keyField: String { self == .jws ? "kid" : "keyIdentifier" }
    var timeField: String { self == .jws ? "iat" : "timestamp" }
}

extension OfferSignatureRefusal {
    /// The verifier's error in the words of the claim it is about. `catalogKeyIDs` names the keys
    /// the store trusts (the catalog's `subscriptionOffersKeyPair`).
    init(_ error: SigningError, signed: String, form: SignedForm, catalogKeyIDs: [String]) {
        self.init(signed: signed, reason: Self.reason(error, form: form, catalogKeyIDs: catalogKeyIDs))
    }

    static func reason(_ error: SigningError, form: SignedForm, catalogKeyIDs: [String]) -> String {
        switch error {
        case .unknownKey(let keyID):
            let trusted =
                catalogKeyIDs.isEmpty
                ? "the catalog has no subscriptionOffersKeyPair"
                : "the catalog's is '\(catalogKeyIDs.joined(separator: "', '"))'"
            return "\(form.keyField) '\(keyID)' is not the catalog's key (\(trusted))"
        case .signatureMismatch:
            return form == .jws
                ? "the signature does not verify with the key its kid names: another key signed it, or the token was changed"
                : "the signature does not verify over the purchase's bundle ID, key, product, offer, appAccountToken, "
                    + "nonce and timestamp: one of them differs from what was signed, or another key signed it"
        case .algorithmNotAllowed(let algorithm):
            // The verifier says "(missing)" for a header without one.
            guard algorithm != "(missing)" else { return "alg is missing (it must be ES256)" }
            return "alg '\(algorithm)' is not ES256"
        case .malformedJWS(let reason):
            return "the compact JWS is malformed (\(reason))"
        case .claimMismatch(let claim, let found, let expected):
            return claimReason(claim, found: found, expected: expected)
        case .staleSignature(let signedAt, let now, let maximumAge):
            let field = "\(form.timeField) \(signedAt.ISO8601Format())"
            if signedAt > now {
                return
                    "\(field) is ahead of the store's clock (\(now.ISO8601Format())): sign with the current time"
            }
            return "\(field) expired: it is more than \(hours(maximumAge)) before the store's clock "
                + "(\(now.ISO8601Format())); sign a new one for this purchase"
        case .nonceReused(let nonce):
            return reusedNonce(nonce)
        default:
            return "\(error)"
        }
    }

    /// A nonce spent by an earlier purchase (in the verifier's memory or the account's record).
    static func reusedNonce(_ nonce: String) -> String {
        "nonce '\(nonce)' was already used by an earlier purchase: every signature needs a fresh nonce"
    }

    /// A claim that is missing or not the purchase's.
    static func claimReason(_ claim: String, found: String?, expected: String) -> String {
        guard let found else { return "\(claim) is missing (it must be \(expected))" }
        let subject =
            switch claim {
            case "offerIdentifier": "the offer being bought"
            case "productId": "the product being bought"
            case "bid": "the app's bundle ID"
            case "aud": "this request's audience"
            case "iss": "the issuer ID"
            default: "the expected value"
            }
        return "\(claim) '\(found)' is not \(subject) ('\(expected)')"
    }

    private static func hours(_ interval: TimeInterval) -> String {
        interval.truncatingRemainder(dividingBy: 3600) == 0
            ? "\(Int(interval / 3600)) hours" : "\(Int(interval)) seconds"
    }
}

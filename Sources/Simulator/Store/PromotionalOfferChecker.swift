import Catalog
import Foundation
import Signing
import StoreCore

/// Checks signed promotional offers and introductory-offer eligibility with `Signing`'s
/// verifier, against the public keys of the catalog's `subscriptionOffersKeyPair` (the in-app
/// purchase key Xcode signs offers with).
public struct PromotionalOfferChecker: OfferSignatureChecking {
    let verifier: PromotionalOfferVerifier

    public init(verifier: PromotionalOfferVerifier) {
        self.verifier = verifier
    }

    /// A checker trusting the catalog's offer key; with no usable key every signature is
    /// refused, as the App Store refuses offers signed by a key it does not know. A key that is
    /// there but does not parse is reported, so the refusals that follow have their reason.
    public init(catalog: LoadedCatalog) {
        var keys: [String: ECPublicKey] = [:]
        if let pair = catalog.configuration.subscriptionOffersKeyPair, let id = pair.id,
            let base64 = pair.privateKey
        {
            do throws(SubscriptionOfferKey.Problem) {
                keys[id] = try SubscriptionOfferKey.publicKey(base64: base64)
            } catch {
                SimulatedStore.problemReporter(Self.unusableKeyWarning(id: id, problem: error))
            }
        }
        self.init(verifier: PromotionalOfferVerifier(keys: keys))
    }

    public func check(
        _ signature: PromotionalOfferSignature, bundleID: String, productID: String, offerID: String,
        appAccountToken: UUID?, now: Date
    ) throws(OfferSignatureRefusal) -> String {
        let message = PromotionalOfferMessage(
            bundleID: bundleID, productID: productID, offerID: offerID,
            applicationUsername: appAccountToken?.uuidString.lowercased() ?? "")
        let form: SignedForm
        switch signature {
        case .legacy: form = .legacy
        case .jws: form = .jws
        }
        do {
            try verifier.verify(signature, for: message, now: now)
        } catch {
            throw OfferSignatureRefusal(
                error, signed: "promotional offer '\(offerID)'", form: form, catalogKeyIDs: verifier.keyIDs)
        }
        switch signature {
        case .legacy(_, let nonce, _, _): return nonce.uuidString.lowercased()
        case .jws(let token): return Self.nonce(inJWS: token) ?? token
        }
    }

    public func checkIntroductoryOfferEligibility(
        _ compactJWS: String, bundleID: String, productID: String, now: Date
    ) throws(OfferSignatureRefusal) -> IntroductoryOfferEligibility {
        do {
            return try verifier.verifyIntroductoryOfferEligibility(
                compactJWS, bundleID: bundleID, productID: productID, now: now)
        } catch {
            throw OfferSignatureRefusal(
                error, signed: "introductory offer eligibility", form: .jws, catalogKeyIDs: verifier.keyIDs)
        }
    }

    /// The `nonce` claim of a verified offer JWS (its payload is plain base64url JSON).
    private static func nonce(inJWS token: String) -> String? {
        let parts = token.split(separator: ".")
        guard parts.count == 3 else { return nil }
        var base64 = parts[1].replacingOccurrences(of: "-", with: "+").replacingOccurrences(
            of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        // The signature verified already: a payload that is not JSON has no nonce to reuse.
        guard let data = Data(base64Encoded: base64),
            let claims = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        else { return nil }
        return claims["nonce"] as? String
    }

    /// What the store says of a catalog's offer key it cannot use; `kiosk lint` says the same
    /// problem (`SubscriptionOfferKey`) at the key's place in the file.
    static func unusableKeyWarning(id: String, problem: SubscriptionOfferKey.Problem) -> String {
        "the catalog's subscription offer key \(id) is not a usable private key (\(problem)): "
            + SubscriptionOfferKey.consequence
    }
}

import Catalog
import Foundation
import Signing
import StoreCore

/// Checks signed promotional offers with `Signing`'s verifier, against the public keys of the
/// catalog's `subscriptionOffersKeyPair` (the key Xcode signs offers with).
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
            do {
                keys[id] = try ECPrivateKey(pem: Self.pem(base64)).publicKey
            } catch {
                SimulatedStore.problemReporter(
                    "the catalog's subscription offer key \(id) is not a usable private key (\(error)): "
                        + "every promotional offer signature will be refused")
            }
        }
        self.init(verifier: PromotionalOfferVerifier(keys: keys))
    }

    public func check(
        _ signature: PromotionalOfferSignature, bundleID: String, productID: String, offerID: String,
        appAccountToken: UUID?, now: Date
    ) throws(PurchaseError) -> String {
        let message = PromotionalOfferMessage(
            bundleID: bundleID, productID: productID, offerID: offerID,
            applicationUsername: appAccountToken?.uuidString.lowercased() ?? "")
        do {
            try verifier.verify(signature, for: message, now: now)
        } catch {
            throw .invalidOfferSignature
        }
        switch signature {
        case .legacy(_, let nonce, _, _): return nonce.uuidString.lowercased()
        case .jws(let token): return Self.nonce(inJWS: token) ?? token
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

    private static func pem(_ base64: String) -> String {
        var lines = ["-----BEGIN PRIVATE KEY-----"]
        var rest = Substring(base64.filter { !$0.isWhitespace })
        while !rest.isEmpty {
            lines.append(String(rest.prefix(64)))
            rest = rest.dropFirst(64)
        }
        lines.append("-----END PRIVATE KEY-----")
        return lines.joined(separator: "\n")
    }
}

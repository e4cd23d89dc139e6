import Foundation
import StoreCore

/// What a promotional offer signature covers, and how to create one (the simulator and tests
/// play the developer's server with it).
///
/// The legacy form signs `bundleId ⁣ keyId ⁣ productId ⁣ offerId ⁣ applicationUsername ⁣
/// nonce ⁣ timestamp` (U+2063 INVISIBLE SEPARATOR between fields, user name and nonce lower
/// case, timestamp in milliseconds) with ECDSA-SHA-256, DER, base64: exactly what Apple's
/// `PromotionalOfferSignatureCreator` does. The JWS form is an ES256 JWT with `aud`
/// "promotional-offer", as `PromotionalOfferV2SignatureCreator` makes.
public struct PromotionalOfferMessage: Sendable, Hashable {
    public var bundleID: String
    public var productID: String
    public var offerID: String
    /// StoreKit 2 passes the purchase's appAccountToken here; may be empty.
    public var applicationUsername: String

    public init(bundleID: String, productID: String, offerID: String, applicationUsername: String = "") {
        self.bundleID = bundleID
        self.productID = productID
        self.offerID = offerID
        self.applicationUsername = applicationUsername
    }

    /// The legacy signed message, UTF-8.
    func legacyBytes(keyID: String, nonce: UUID, timestamp: Int64) -> [UInt8] {
        let separator = "\u{2063}"
        let fields = [
            bundleID, keyID, productID, offerID, applicationUsername.lowercased(), nonce.lowercasedString,
            String(timestamp),
        ]
        return Array(fields.joined(separator: separator).utf8)
    }

    /// A legacy signature, as the developer's server would make it.
    public func legacySignature(
        key: ECPrivateKey, keyID: String, nonce: UUID = UUID(), timestamp: Date = Date()
    ) throws(SigningError) -> PromotionalOfferSignature {
        let milliseconds = timestamp.millisecondsSince1970
        let der = try key.derSignature(for: legacyBytes(keyID: keyID, nonce: nonce, timestamp: milliseconds))
        return .legacy(
            keyID: keyID, nonce: nonce, timestamp: milliseconds, signature: Base64.encode(der, .standard))
    }

    /// A JWS signature, as the developer's server would make it.
    public func jwsSignature(
        key: ECPrivateKey, keyID: String, issuerID: String, transactionID: String? = nil,
        nonce: UUID = UUID(),
        issuedAt: Date = Date()
    ) throws(SigningError) -> PromotionalOfferSignature {
        let claims = PromotionalOfferClaims(
            bid: bundleID, iss: issuerID, aud: PromotionalOfferClaims.audience,
            iat: Int64(issuedAt.timeIntervalSince1970), nonce: nonce.lowercasedString, productId: productID,
            offerIdentifier: offerID, transactionId: transactionID)
        return .jws(try JWT.sign(claims: claims, keyID: keyID, key: key))
    }
}

/// The claims of a promotional offer V2 JWS.
struct PromotionalOfferClaims: Codable {
    static let audience = "promotional-offer"

    var bid: String?
    var iss: String?
    var aud: String?
    var iat: Int64?
    var nonce: String?
    var productId: String?
    var offerIdentifier: String?
    var transactionId: String?
}

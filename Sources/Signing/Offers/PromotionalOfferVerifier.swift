import Foundation
import StoreCore
import Synchronization

/// Checks promotional offer signatures the way the App Store does before it grants the offer:
/// the key named by the key ID, the signature over the offer, a timestamp no older than
/// `maximumAge`, and a nonce never seen before. Thread-safe; remembers nonces in memory.
public final class PromotionalOfferVerifier: Sendable {
    let keys: [String: ECPublicKey]
    let issuerID: String?
    /// The IDs of the keys this verifier trusts, sorted (a refusal names them).
    public var keyIDs: [String] { keys.keys.sorted() }
    /// How old a signature may be (Apple: "the timestamp keeps the offer active for 24 hours").
    public let maximumAge: TimeInterval
    /// How far in the future a timestamp may be, for clock skew.
    public let allowedSkew: TimeInterval
    /// Nonces seen, with the signature date; entries older than `maximumAge` are dropped,
    /// since a signature that old is rejected as stale anyway.
    private let seenNonces = Mutex<[String: Date]>([:])

    /// - Parameters:
    ///   - keys: the public keys of the developer's subscription keys, by key ID.
    ///   - issuerID: the expected `iss` of JWS signatures, or nil to accept any.
    public init(
        keys: [String: ECPublicKey], issuerID: String? = nil, maximumAge: TimeInterval = 86_400,
        allowedSkew: TimeInterval = 300
    ) {
        self.keys = keys
        self.issuerID = issuerID
        self.maximumAge = maximumAge
        self.allowedSkew = allowedSkew
    }

    /// Accepts `signature` for `message`, or throws why not. A nonce is spent only when
    /// everything else passed.
    /// - Parameter transactionID: for the JWS form, the transaction the purchase belongs to;
    ///   compared with the token's optional `transactionId`.
    public func verify(
        _ signature: PromotionalOfferSignature, for message: PromotionalOfferMessage,
        transactionID: String? = nil,
        now: Date = Date()
    ) throws(SigningError) {
        switch signature {
        case .legacy(let keyID, let nonce, let timestamp, let base64):
            guard let key = keys[keyID] else { throw .unknownKey(keyID: keyID) }
            try checkFreshness(Date(millisecondsSince1970: timestamp), now: now)
            guard let der = Base64.decode(base64, .standard),
                key.isValidSignature(
                    der: der, for: message.legacyBytes(keyID: keyID, nonce: nonce, timestamp: timestamp))
            else { throw .signatureMismatch(what: "promotional offer") }
            try spend(nonce.lowercasedString, signedAt: Date(millisecondsSince1970: timestamp), now: now)
        case .jws(let token):
            let (_, claims) = try JWT.verify(
                token, as: PromotionalOfferClaims.self, what: "promotional offer", key: { keys[$0] })
            try JWT.require("aud", claims.aud, equals: PromotionalOfferClaims.audience)
            try JWT.require("bid", claims.bid, equals: message.bundleID)
            try JWT.require("productId", claims.productId, equals: message.productID)
            try JWT.require("offerIdentifier", claims.offerIdentifier, equals: message.offerID)
            if let issuerID { try JWT.require("iss", claims.iss, equals: issuerID) }
            if let expected = transactionID, let found = claims.transactionId {
                try JWT.require("transactionId", found, equals: expected)
            }
            guard let iat = claims.iat else {
                throw .claimMismatch(claim: "iat", found: nil, expected: "a recent time")
            }
            let signedAt = Date(timeIntervalSince1970: TimeInterval(iat))
            try checkFreshness(signedAt, now: now)
            guard let nonce = claims.nonce, !nonce.isEmpty else {
                throw .claimMismatch(claim: "nonce", found: nil, expected: "a fresh UUID")
            }
            try spend(nonce.lowercased(), signedAt: signedAt, now: now)
        }
    }

    func checkFreshness(_ signedAt: Date, now: Date) throws(SigningError) {
        let age = now.timeIntervalSince(signedAt)
        guard age <= maximumAge, age >= -allowedSkew else {
            throw .staleSignature(signedAt: signedAt, now: now, maximumAge: maximumAge)
        }
    }

    func spend(_ nonce: String, signedAt: Date, now: Date) throws(SigningError) {
        let fresh = seenNonces.withLock { seen -> Bool in
            seen = seen.filter { now.timeIntervalSince($0.value) <= maximumAge }
            guard seen[nonce] == nil else { return false }
            seen[nonce] = signedAt
            return true
        }
        guard fresh else { throw .nonceReused(nonce) }
    }
}

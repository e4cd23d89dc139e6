import Foundation

/// An App Store Server API bearer token: an ES256 JWT signed with an App Store Connect `.p8`
/// key, as Apple's client sends it (`Authorization: Bearer <token>`).
///
/// Apple's Python client sends exactly `bid`, `iss`, `aud` and `exp` (no `iat`), so `iat` is
/// optional here.
public struct APIToken: Sendable, Hashable, Codable {
    /// The audience every App Store Server API token carries.
    public static let audience = "appstoreconnect-v1"

    public var issuerID: String
    public var bundleID: String
    public var expiresAt: Date
    public var issuedAt: Date?
    /// The `kid` of the header (set by `verify`; not a claim).
    public var keyID: String

    public init(keyID: String, issuerID: String, bundleID: String, expiresAt: Date, issuedAt: Date? = nil) {
        self.keyID = keyID
        self.issuerID = issuerID
        self.bundleID = bundleID
        self.expiresAt = expiresAt
        self.issuedAt = issuedAt
    }

    private struct Claims: Codable {
        var iss: String?
        var aud: String?
        var exp: Int64?
        var iat: Int64?
        var bid: String?
    }

    /// Signs the token with `key` (the `.p8` key registered under `keyID`).
    public func signed(with key: ECPrivateKey) throws(SigningError) -> String {
        let claims = Claims(
            iss: issuerID, aud: Self.audience, exp: Int64(expiresAt.timeIntervalSince1970),
            iat: issuedAt.map { Int64($0.timeIntervalSince1970) }, bid: bundleID)
        return try JWT.sign(claims: claims, keyID: keyID, key: key)
    }

    /// Checks a bearer token as the App Store Server API would.
    /// - Parameters:
    ///   - keys: the public key registered for a `kid`, or nil.
    ///   - bundleID: the app the server serves.
    ///   - issuerID: the expected issuer, or nil to accept any.
    /// - Throws: `algorithmNotAllowed` (`none` included), `unknownKey`, `signatureMismatch`,
    ///   `claimMismatch` for `aud`, `bid` or `iss`, `tokenExpired`, or `malformedJWS`.
    public static func verify(
        _ token: String, keys: (String) -> ECPublicKey?, bundleID: String, issuerID: String? = nil,
        now: Date = Date()
    ) throws(SigningError) -> APIToken {
        let (keyID, claims) = try JWT.verify(token, as: Claims.self, what: "API token", key: keys)
        try JWT.require("aud", claims.aud, equals: audience)
        try JWT.require("bid", claims.bid, equals: bundleID)
        if let issuerID { try JWT.require("iss", claims.iss, equals: issuerID) }
        guard let exp = claims.exp else {
            throw .claimMismatch(claim: "exp", found: nil, expected: "a future time")
        }
        let expiresAt = Date(timeIntervalSince1970: TimeInterval(exp))
        guard expiresAt > now else { throw .tokenExpired(expiredAt: expiresAt, now: now) }
        return APIToken(
            keyID: keyID, issuerID: claims.iss ?? "", bundleID: bundleID, expiresAt: expiresAt,
            issuedAt: claims.iat.map { Date(timeIntervalSince1970: TimeInterval($0)) })
    }
}

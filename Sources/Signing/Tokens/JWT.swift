import Foundation

/// The ES256 JWT mechanics shared by API bearer tokens and signed offers: header
/// `{"alg":"ES256","kid":…,"typ":"JWT"}`, JSON claims, compact serialization.
enum JWT {
    private struct Header: Codable {
        var alg: String
        var kid: String
        var typ: String
    }

    static func sign(claims: some Encodable, keyID: String, key: ECPrivateKey) throws(SigningError) -> String
    {
        guard key.curve == .p256 else {
            throw .invalidKey(reason: "ES256 needs a P-256 key, not \(key.curve.rawValue)")
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let header: Data
        let payload: Data
        do {
            header = try encoder.encode(Header(alg: "ES256", kid: keyID, typ: "JWT"))
            payload = try encoder.encode(claims)
        } catch { throw .malformedJWS(reason: "cannot encode the claims: \(error)") }
        return try CompactJWS.sign(
            payload: Array(payload), encodedHeader: Base64.encode(header, .url), key: key)
    }

    /// Checks the algorithm and signature of `token` with the key its `kid` names, and
    /// decodes its claims.
    /// - Parameter what: names the token in errors ("API token", "promotional offer").
    static func verify<Claims: Decodable>(
        _ token: String, as: Claims.Type, what: String, key: (String) -> ECPublicKey?
    ) throws(SigningError) -> (keyID: String, claims: Claims) {
        let parts: CompactJWS
        do { parts = try CompactJWS(token) } catch { throw .malformedJWS(reason: "\(what): \(error.reason)") }
        // Reported, not hidden: either failure is this one malformed-header error.
        guard let bytes = try? parts.header(),
            let header = try? JSONDecoder().decode(JWSHeader.self, from: Data(bytes))
        else {
            throw .malformedJWS(reason: "the \(what)'s header is not a JSON object")
        }
        guard header.alg == "ES256" else { throw .algorithmNotAllowed(header.alg ?? "(missing)") }
        guard let keyID = header.kid else { throw .malformedJWS(reason: "the \(what)'s header has no kid") }
        guard let publicKey = key(keyID) else { throw .unknownKey(keyID: keyID) }
        guard publicKey.isValidSignature(raw: parts.signature, for: parts.signingInput) else {
            throw .signatureMismatch(what: what)
        }
        do {
            return (keyID, try JSONDecoder().decode(Claims.self, from: Data(parts.payload)))
        } catch {
            throw .malformedJWS(reason: "the \(what)'s claims are not what they should be: \(error)")
        }
    }

    /// Compares a claim with its expected value.
    static func require(_ claim: String, _ found: String?, equals expected: String) throws(SigningError) {
        guard found == expected else { throw .claimMismatch(claim: claim, found: found, expected: expected) }
    }
}

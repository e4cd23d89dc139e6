import Foundation

/// Everything that can go wrong in the Signing module, with messages a user can act on.
///
/// Verifying a JWS does not throw these for a bad signature or chain: that outcome is a
/// `VerificationResult.unverified` carrying a `VerificationError`. These errors are for
/// inputs that cannot be worked with at all (an unreadable key file, a token that fails a
/// check, a payload that is not JSON of the expected shape).
public enum SigningError: Error, Sendable, Hashable, CustomStringConvertible {
    /// An OpenSSL call failed; `detail` is OpenSSL's own error queue.
    case openSSL(operation: String, detail: String)
    /// A key or certificate file exists but could not be read.
    case unreadableFile(path: String, reason: String)
    /// A key or certificate file was read but does not hold what it should.
    case corruptFile(path: String, reason: String)
    /// The certificate authority's files are incomplete or do not belong together.
    case inconsistentAuthority(directory: String, reason: String)
    /// No certificate authority has been created in the directory yet.
    case missingAuthority(directory: String)
    /// A file could not be written.
    case writeFailed(path: String, reason: String)
    /// PEM or DER text that is not a key or certificate of the expected kind.
    case invalidKey(reason: String)
    case invalidCertificate(reason: String)
    /// A compact JWS or JWT that cannot even be taken apart.
    case malformedJWS(reason: String)
    /// A payload that is not the JSON of the named type.
    case undecodablePayload(type: String, reason: String)
    /// A bearer token or signed offer whose `alg` is not ES256 (`none` included).
    case algorithmNotAllowed(String)
    /// A token names a key (`kid`) nobody registered.
    case unknownKey(keyID: String)
    /// A signature that does not match its message and key.
    case signatureMismatch(what: String)
    /// A token whose `exp` has passed.
    case tokenExpired(expiredAt: Date, now: Date)
    /// A claim that is missing or holds the wrong value (`aud`, `bid`, `iss`, `productId` ...).
    case claimMismatch(claim: String, found: String?, expected: String)
    /// An offer signature whose timestamp is too old (or too far in the future).
    case staleSignature(signedAt: Date, now: Date, maximumAge: TimeInterval)
    /// An offer signature whose nonce was already used.
    case nonceReused(String)

    public var description: String {
        switch self {
        case .openSSL(let operation, let detail):
            return "OpenSSL failed in \(operation)" + (detail.isEmpty ? "" : ": \(detail)")
        case .unreadableFile(let path, let reason):
            return "cannot read \(path): \(reason)"
        case .corruptFile(let path, let reason):
            return "\(path) is corrupt (\(reason)); restore it from a backup or move the directory away "
                + "to start a new certificate authority"
        case .inconsistentAuthority(let directory, let reason):
            return "the certificate authority in \(directory) is inconsistent: \(reason); "
                + "restore the missing files or move the directory away to start a new one"
        case .missingAuthority(let directory):
            return "there is no certificate authority in \(directory) yet; run 'kiosk certs' (with the same "
                + "--state) to create one, or name the root to trust"
        case .writeFailed(let path, let reason):
            return "cannot write \(path): \(reason)"
        case .invalidKey(let reason):
            return "invalid key: \(reason)"
        case .invalidCertificate(let reason):
            return "invalid certificate: \(reason)"
        case .malformedJWS(let reason):
            return "malformed JWS: \(reason)"
        case .undecodablePayload(let type, let reason):
            return "the payload is not a valid \(type): \(reason)"
        case .algorithmNotAllowed(let alg):
            return "algorithm \"\(alg)\" is not allowed; only ES256 is accepted"
        case .unknownKey(let keyID):
            return "no key is registered with key ID \"\(keyID)\""
        case .signatureMismatch(let what):
            return "the signature of the \(what) does not match its content and key"
        case .tokenExpired(let expiredAt, let now):
            return "the token expired at \(expiredAt) (now \(now)); make a new one"
        case .claimMismatch(let claim, let found, let expected):
            return "claim \"\(claim)\" is \(found.map { "\"\($0)\"" } ?? "missing"), expected \"\(expected)\""
        case .staleSignature(let signedAt, let now, let maximumAge):
            return "the signature was made at \(signedAt), more than \(Int(maximumAge)) s away from now "
                + "(\(now)); sign the offer again"
        case .nonceReused(let nonce):
            return "nonce \(nonce) was already used; every signed offer needs a fresh nonce"
        }
    }
}

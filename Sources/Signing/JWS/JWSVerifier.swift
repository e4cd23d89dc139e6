import Foundation
import StoreCore

/// Verifies App Store JWS as Apple's `SignedDataVerifier` does with online checks off: `alg`
/// exactly ES256, exactly three `x5c` certificates in standard base64, a strict chain from the
/// leaf through the intermediate to a trusted root at the payload's own date, Apple's marker
/// OIDs, a raw R||S ES256 signature, and no registered JWT claims that PyJWT would reject.
///
/// Verified chains are cached (see `ChainCache`), so repeated JWS from one signer cost one
/// P-256 verification each. Safe to share between threads.
public final class JWSVerifier: Sendable {
    /// The outcome of checking any JWS: its decoded parts and, when it did not verify, why.
    public struct Check: Sendable, Hashable {
        /// The header's JSON.
        public var header: [UInt8]
        /// The payload's JSON (shown even when unverified; never trust it then).
        public var payload: [UInt8]
        /// Nil when the JWS verified.
        public var error: VerificationError?
        public var isVerified: Bool { error == nil }
    }

    public let trustedRoots: [Certificate]
    private let validator: ChainValidator
    private let cache: ChainCache

    /// - Parameters:
    ///   - trustedRoots: the roots a chain may end in (Kiosk's local root, say).
    ///   - cacheCapacity: how many verified (leaf, intermediate) pairs to remember.
    public init(trustedRoots: [Certificate], cacheCapacity: Int = 32) {
        self.trustedRoots = trustedRoots
        self.validator = ChainValidator(roots: trustedRoots)
        self.cache = ChainCache(capacity: cacheCapacity)
    }

    /// Verifies `jws` and decodes its payload as `T`.
    /// - Throws: `SigningError.malformedJWS` when `jws` is not a compact JWS at all, and
    ///   `.undecodablePayload` when its payload is not a `T`: there is then no value to
    ///   return, verified or not.
    public func verify<T: SignedPayload>(_ jws: String, as type: T.Type = T.self, now: Date = Date())
        throws(SigningError) -> VerificationResult<T>
    {
        let parts: CompactJWS
        do { parts = try CompactJWS(jws) } catch { throw .malformedJWS(reason: error.reason) }
        let value = try T(payloadJSON: parts.payload)
        if let error = check(parts, at: value.certificateCheckDate, now: now) {
            return .unverified(value, error, jws: jws)
        }
        return .verified(value, jws: jws)
    }

    /// Verifies any JWS, reading the check date from the payload's `signedDate` (else
    /// `receiptCreationDate`, else `now`), as Apple's library does.
    /// - Throws: `SigningError.malformedJWS` when `jws` is not a compact JWS at all.
    public func check(_ jws: String, now: Date = Date()) throws(SigningError) -> Check {
        let parts: CompactJWS
        do { parts = try CompactJWS(jws) } catch { throw .malformedJWS(reason: error.reason) }
        // Only picks the check date: a payload without readable dates is checked at `now`, and
        // a payload that is not JSON fails the payload check with its own error.
        let dates = try? JSONDecoder().decode(PayloadDates.self, from: Data(parts.payload))
        let date =
            (dates?.signedDate ?? dates?.receiptCreationDate).map(Date.init(millisecondsSince1970:)) ?? now
        let header: [UInt8]
        do { header = try parts.header() } catch { throw .malformedJWS(reason: error.reason) }
        return Check(header: header, payload: parts.payload, error: check(parts, at: date, now: now))
    }

    /// The checks, in the order Apple's library makes them; nil when all pass.
    /// - Parameters:
    ///   - date: when the chain must be valid (the payload's own date).
    ///   - now: the present, for registered claims (`exp`, `nbf`) as Apple's library reads them.
    private func check(_ parts: CompactJWS, at date: Date, now: Date) -> VerificationError? {
        // A header seen before (the same bytes) passed every header check and names a cached
        // chain: go straight to the signature.
        let verdict: ChainValidator.Verdict
        if let cached = cache.verdict(forHeader: parts.encodedHeader, at: date) {
            verdict = cached
        } else {
            switch validateHeader(parts, at: date) {
            case .failure(let error): return error
            case .success(let fresh): verdict = fresh
            }
        }
        guard parts.signature.count == 64 else {
            return .invalidSignature(
                reason:
                    "the signature is \(parts.signature.count) bytes; ES256 needs 64 raw bytes (R||S), not DER"
            )
        }
        guard verdict.leafKey.isValidSignature(raw: parts.signature, for: parts.signingInput) else {
            return .invalidSignature(reason: "the signature does not match the header and payload")
        }
        if let violation = RegisteredClaims.violation(in: parts.payload, now: now) {
            return .invalidEncoding(reason: violation)
        }
        return nil
    }

    /// The header checks and the chain (from the cache when its certificates verified before).
    private func validateHeader(_ parts: CompactJWS, at date: Date) -> Result<
        ChainValidator.Verdict, VerificationError
    > {
        // Reported, not hidden: either failure is this one invalid-encoding verdict.
        guard let bytes = try? parts.header(),
            let header = try? JSONDecoder().decode(JWSHeader.self, from: Data(bytes))
        else {
            return .failure(
                .invalidEncoding(
                    reason: "the header is not base64url JSON with string \"alg\" and array \"x5c\""))
        }
        guard header.alg == "ES256" else {
            return .failure(
                .invalidSignature(
                    reason: "alg is \(header.alg.map { "\"\($0)\"" } ?? "missing"); App Store JWS use ES256"))
        }
        guard let x5c = header.x5c, !x5c.isEmpty else {
            return .failure(.invalidCertificateChain(reason: "the header has no x5c certificate chain"))
        }
        guard x5c.count == 3 else {
            return .failure(
                .invalidCertificateChain(
                    reason: "x5c holds \(x5c.count) certificates, expected 3 (leaf, intermediate, root)"))
        }
        // Like Apple's library, the third entry is never read: the trust anchor is ours.
        var der: [[UInt8]] = []
        for index in 0..<2 {
            guard let decoded = Base64.decode(x5c[index], .standard) else {
                return .failure(
                    .invalidEncoding(
                        reason: "x5c[\(index)] is not standard base64 with padding (base64url is not allowed)"
                    ))
            }
            der.append(decoded)
        }
        let key = ChainCache.Key(leaf: der[0], intermediate: der[1])
        if let cached = cache.verdict(for: key, at: date) {
            cache.remember(header: parts.encodedHeader, for: key)
            return .success(cached)
        }
        // Each unreadable certificate is reported as the chain failure naming it.
        guard let leaf = try? Certificate(der: der[0]) else {
            return .failure(.invalidCertificateChain(reason: "x5c[0] is not a DER X.509 certificate"))
        }
        guard let intermediate = try? Certificate(der: der[1]) else {
            return .failure(.invalidCertificateChain(reason: "x5c[1] is not a DER X.509 certificate"))
        }
        let result = validator.validate(leaf: leaf, intermediate: intermediate, at: date)
        if case .success(let verdict) = result {
            cache.insert(verdict, for: key)
            cache.remember(header: parts.encodedHeader, for: key)
        }
        return result
    }

    /// How many verified chains are cached (for tests and diagnostics).
    public var cachedChainCount: Int { cache.count }
}

/// The two payload fields that choose the certificate check date.
private struct PayloadDates: Decodable {
    var signedDate: Int64?
    var receiptCreationDate: Int64?
}

import COpenSSL
import Foundation
import StoreCore

/// Checks an `x5c` leaf and intermediate against trusted roots the way Apple's library does:
/// OpenSSL with `X509_STRICT` at a given date, then Apple's marker OIDs by presence.
struct ChainValidator: Sendable {
    /// What a successful check yields: the leaf's key and the window the verdict holds for.
    struct Verdict: Sendable {
        var leafKey: ECPublicKey
        /// The intersection of the validity of every certificate in the verified chain.
        var validFrom: Date
        var validUntil: Date
    }

    let roots: [Certificate]

    func validate(
        leaf: Certificate, intermediate: Certificate, at date: Date
    ) -> Result<Verdict, VerificationError> {
        guard !roots.isEmpty else {
            return .failure(.invalidCertificateChain(reason: "no trusted root is configured"))
        }
        // A fresh store per check: misses are rare (the cache absorbs the steady state), and
        // nothing mutable is then shared between threads.
        guard let store = X509_STORE_new() else { return .failure(Self.internalFailure("X509_STORE_new")) }
        defer { X509_STORE_free(store) }
        for root in roots where X509_STORE_add_cert(store, root.x509) != 1 {
            return .failure(Self.internalFailure("X509_STORE_add_cert"))
        }
        X509_STORE_set_flags(store, UInt(X509_V_FLAG_X509_STRICT))
        guard let untrusted = OPENSSL_sk_new_null() else { return .failure(Self.internalFailure("sk_new")) }
        defer { OPENSSL_sk_free(untrusted) }
        OPENSSL_sk_push(untrusted, UnsafeRawPointer(intermediate.x509))
        guard let context = X509_STORE_CTX_new() else {
            return .failure(Self.internalFailure("X509_STORE_CTX_new"))
        }
        defer { X509_STORE_CTX_free(context) }
        guard X509_STORE_CTX_init(context, store, leaf.x509, untrusted) == 1 else {
            return .failure(Self.internalFailure("X509_STORE_CTX_init"))
        }
        X509_STORE_CTX_set_time(context, 0, time_t(date.timeIntervalSince1970.rounded(.down)))

        guard X509_verify_cert(context) == 1 else {
            let code = X509_STORE_CTX_get_error(context)
            let depth = X509_STORE_CTX_get_error_depth(context)
            let which = ["leaf", "intermediate", "root"][min(max(Int(depth), 0), 2)]
            let message = String(cString: X509_verify_cert_error_string(Int(code)))
            _ = drainOpenSSLErrors()
            return .failure(
                .invalidCertificateChain(
                    reason: "\(message) (\(which) \"\(Self.currentName(context))\", checked at "
                        + "\(date.formatted(.iso8601)))"))
        }
        guard leaf.hasExtension(oid: CertificateProfile.leafMarkerOID) else {
            return .failure(
                .invalidCertificateChain(
                    reason: "the leaf lacks Apple's marker OID \(CertificateProfile.leafMarkerOID)"))
        }
        guard intermediate.hasExtension(oid: CertificateProfile.intermediateMarkerOID) else {
            return .failure(
                .invalidCertificateChain(
                    reason:
                        "the intermediate lacks Apple's marker OID \(CertificateProfile.intermediateMarkerOID)"
                ))
        }
        guard let leafKey = leaf.publicKey, leafKey.curve == .p256 else {
            return .failure(
                .invalidCertificateChain(reason: "the leaf's key is not a P-256 key, as ES256 needs"))
        }
        var validFrom = max(leaf.notBefore, intermediate.notBefore)
        var validUntil = min(leaf.notAfter, intermediate.notAfter)
        if let chain = X509_STORE_CTX_get0_chain(context), OPENSSL_sk_num(chain) >= 3,
            let root = OPENSSL_sk_value(chain, 2)
        {
            let x509 = OpaquePointer(root)
            validFrom = max(validFrom, Certificate.date(X509_get0_notBefore(x509)))
            validUntil = min(validUntil, Certificate.date(X509_get0_notAfter(x509)))
        }
        return .success(Verdict(leafKey: leafKey, validFrom: validFrom, validUntil: validUntil))
    }

    /// The common name of the certificate OpenSSL was looking at when it failed.
    private static func currentName(_ context: OpaquePointer) -> String {
        guard let certificate = X509_STORE_CTX_get_current_cert(context) else { return "?" }
        return Certificate.commonName(of: certificate)
    }

    private static func internalFailure(_ operation: String) -> VerificationError {
        .invalidCertificateChain(reason: "OpenSSL failed in \(operation): \(drainOpenSSLErrors())")
    }
}

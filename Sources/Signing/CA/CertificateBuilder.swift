import COpenSSL
import Foundation

/// Issues X.509 v3 certificates from a `CertificateProfile`.
public enum CertificateBuilder {
    /// Who signs: a CA's certificate and key, or (certificate nil) the subject itself.
    public struct Issuer: Sendable {
        public var certificate: Certificate?
        public var key: ECPrivateKey

        public init(certificate: Certificate?, key: ECPrivateKey) {
            self.certificate = certificate
            self.key = key
        }
    }

    /// A certificate for `subjectKey`, signed by `issuer` with ECDSA over the digest that
    /// matches the issuer's curve (SHA-384 for Kiosk's P-384 CA, as Apple's chain).
    public static func issue(
        _ profile: CertificateProfile, subjectKey: ECPublicKey, issuer: Issuer
    ) throws(SigningError) -> Certificate {
        guard let x509 = X509_new() else { throw .openSSL("X509_new") }
        var owned = true
        defer { if owned { X509_free(x509) } }

        guard X509_set_version(x509, 2) == 1,  // 2 means v3
            ASN1_INTEGER_set_uint64(X509_get_serialNumber(x509), try randomSerial()) == 1,
            ASN1_TIME_set(X509_getm_notBefore(x509), time_t(profile.notBefore.timeIntervalSince1970)) != nil,
            ASN1_TIME_set(X509_getm_notAfter(x509), time_t(profile.notAfter.timeIntervalSince1970)) != nil,
            X509_set_pubkey(x509, subjectKey.pkey) == 1
        else { throw .openSSL("X509 fields") }

        try setSubject(of: x509, profile)
        let issuerX509 = issuer.certificate?.x509 ?? x509
        guard X509_set_issuer_name(x509, X509_get_subject_name(issuerX509)) == 1 else {
            throw .openSSL("X509_set_issuer_name")
        }

        var context = X509V3_CTX()
        X509V3_set_ctx(&context, issuerX509, x509, nil, nil, 0)
        for (nid, value) in standardExtensions(profile) {
            guard let ext = X509V3_EXT_conf_nid(nil, &context, nid, value) else {
                throw .openSSL("extension \(String(cString: OBJ_nid2sn(nid))) = \(value)")
            }
            defer { X509_EXTENSION_free(ext) }
            guard X509_add_ext(x509, ext, -1) == 1 else { throw .openSSL("X509_add_ext") }
        }
        if profile.includesAuthorityKeyIdentifier {
            try addAuthorityKeyIdentifier(to: x509, issuer: issuerX509)
        }
        for oid in profile.markerOIDs { try addNullExtension(to: x509, oid: oid) }

        guard X509_sign(x509, issuer.key.pkey, issuer.key.curve.certificateDigest) > 0 else {
            throw .openSSL("X509_sign")
        }
        owned = false
        return try Certificate(taking: x509)
    }

    /// The extensions in the order Apple's certificates list them, in OpenSSL's config syntax.
    private static func standardExtensions(_ profile: CertificateProfile) -> [(Int32, String)] {
        var result: [(Int32, String)] = []
        var constraints = profile.basicConstraintsCritical ? "critical," : ""
        constraints += profile.isCertificateAuthority ? "CA:TRUE" : "CA:FALSE"
        if let pathLength = profile.pathLength { constraints += ",pathlen:\(pathLength)" }
        result.append((NID_basic_constraints, constraints))
        if profile.includesSubjectKeyIdentifier { result.append((NID_subject_key_identifier, "hash")) }
        if let usage = profile.keyUsage { result.append((NID_key_usage, usage.openSSLValue)) }
        return result
    }

    private static func setSubject(of x509: OpaquePointer, _ profile: CertificateProfile) throws(SigningError)
    {
        guard let name = X509_NAME_new() else { throw .openSSL("X509_NAME_new") }
        defer { X509_NAME_free(name) }
        for (field, value) in [("CN", profile.commonName), ("O", profile.organization), ("C", "US")] {
            let bytes = Array(value.utf8)
            guard
                X509_NAME_add_entry_by_txt(
                    name, field, copenssl_mbstring_utf8(), bytes, Int32(bytes.count), -1, 0) == 1
            else { throw .openSSL("X509_NAME_add_entry_by_txt(\(field))") }
        }
        guard X509_set_subject_name(x509, name) == 1 else { throw .openSSL("X509_set_subject_name") }
    }

    /// The AKI is the SHA-1 of the issuer's public key (RFC 5280 §4.2.1.2 method 1, what a
    /// subjectKeyIdentifier of "hash" holds). Computed here rather than by OpenSSL's
    /// "keyid:always", which fails outright when the issuer lacks an SKI; tests need that issuer.
    private static func addAuthorityKeyIdentifier(to x509: OpaquePointer, issuer: OpaquePointer)
        throws(SigningError)
    {
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        guard X509_pubkey_digest(issuer, EVP_sha1(), &digest, &length) == 1,
            let identifier = AUTHORITY_KEYID_new()
        else { throw .openSSL("X509_pubkey_digest") }
        defer { AUTHORITY_KEYID_free(identifier) }
        guard let keyID = ASN1_OCTET_STRING_new() else { throw .openSSL("ASN1_OCTET_STRING_new") }
        identifier.pointee.keyid = keyID  // freed with the AUTHORITY_KEYID
        guard ASN1_OCTET_STRING_set(keyID, digest, Int32(length)) == 1,
            X509_add1_ext_i2d(x509, NID_authority_key_identifier, identifier, 0, UInt(X509V3_ADD_DEFAULT))
                == 1
        else { throw .openSSL("authorityKeyIdentifier") }
    }

    private static func addNullExtension(to x509: OpaquePointer, oid: String) throws(SigningError) {
        guard let object = OBJ_txt2obj(oid, 1) else { throw .openSSL("OBJ_txt2obj(\(oid))") }
        defer { ASN1_OBJECT_free(object) }
        guard let value = ASN1_OCTET_STRING_new() else { throw .openSSL("ASN1_OCTET_STRING_new") }
        defer { ASN1_OCTET_STRING_free(value) }
        let asn1Null: [UInt8] = [0x05, 0x00]
        guard ASN1_OCTET_STRING_set(value, asn1Null, 2) == 1,
            let ext = X509_EXTENSION_create_by_OBJ(nil, object, 0, value)
        else { throw .openSSL("marker extension \(oid)") }
        defer { X509_EXTENSION_free(ext) }
        guard X509_add_ext(x509, ext, -1) == 1 else { throw .openSSL("X509_add_ext(\(oid))") }
    }

    /// A random positive 63-bit serial: unique enough for a local CA, and never negative.
    private static func randomSerial() throws(SigningError) -> UInt64 {
        var bytes = [UInt8](repeating: 0, count: 8)
        guard RAND_bytes(&bytes, 8) == 1 else { throw .openSSL("RAND_bytes") }
        let value = bytes.reduce(UInt64(0)) { $0 << 8 | UInt64($1) } & 0x7FFF_FFFF_FFFF_FFFF
        return max(value, 1)
    }
}

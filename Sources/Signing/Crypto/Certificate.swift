import COpenSSL
import Foundation

/// An X.509 certificate.
///
/// `@unchecked Sendable` because it only wraps an `X509` that is never mutated after it is
/// parsed or built; reading an unchanging `X509` from several threads is safe in OpenSSL 3.
public final class Certificate: @unchecked Sendable, CustomStringConvertible {
    let x509: OpaquePointer
    /// The DER encoding, as it travels in `x5c`.
    public let derRepresentation: [UInt8]

    init(taking x509: OpaquePointer) throws(SigningError) {
        let length = i2d_X509(x509, nil)
        guard length > 0 else {
            X509_free(x509)
            throw .openSSL("i2d_X509")
        }
        var der = [UInt8](repeating: 0, count: Int(length))
        der.withUnsafeMutableBufferPointer { buffer in
            var cursor = buffer.baseAddress
            _ = i2d_X509(x509, &cursor)
        }
        self.x509 = x509
        self.derRepresentation = der
    }

    deinit { X509_free(x509) }

    /// Parses a DER certificate.
    public convenience init(der: [UInt8]) throws(SigningError) {
        OpenSSLLibrary.prepare()
        let x509 = der.withUnsafeBufferPointer { buffer -> OpaquePointer? in
            var cursor = buffer.baseAddress
            return d2i_X509(nil, &cursor, buffer.count)
        }
        guard let x509 else { throw .invalidCertificate(reason: "not DER X.509 (\(drainOpenSSLErrors()))") }
        try self.init(taking: x509)
    }

    /// Parses the first certificate of a PEM text.
    public convenience init(pem: String) throws(SigningError) {
        let x509 = withReadBIO(Array(pem.utf8)) { PEM_read_bio_X509($0, nil, nil, nil) }
        guard let x509 else {
            throw .invalidCertificate(reason: "not a PEM certificate (\(drainOpenSSLErrors()))")
        }
        try self.init(taking: x509)
    }

    /// The PEM form (`BEGIN CERTIFICATE`).
    public var pemRepresentation: String {
        // A memory BIO fails only when memory runs out; the empty text then fails to parse
        // wherever it is read, naming the file.
        let bytes = (try? withMemoryBIO("PEM_write_bio_X509") { PEM_write_bio_X509($0, x509) }) ?? []
        return String(decoding: bytes, as: UTF8.self)
    }

    public var notBefore: Date { Self.date(X509_get0_notBefore(x509)) }
    public var notAfter: Date { Self.date(X509_get0_notAfter(x509)) }

    /// The SHA-256 of the DER encoding, as colon-separated hex (what `openssl x509 -fingerprint
    /// -sha256` prints), to compare a trusted root by eye.
    public var sha256Fingerprint: String {
        var digest = [UInt8](repeating: 0, count: 32)
        _ = SHA256(derRepresentation, derRepresentation.count, &digest)
        return digest.map { String(format: "%02X", $0) }.joined(separator: ":")
    }

    /// The subject's common name (CN), or "" when it has none.
    public var commonName: String { Self.commonName(of: x509) }

    static func commonName(of x509: OpaquePointer) -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        let length = X509_NAME_get_text_by_NID(X509_get_subject_name(x509), NID_commonName, &buffer, 256)
        guard length > 0 else { return "" }
        return String(decoding: buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The subject's public key, or nil if it is not an EC key on a curve Kiosk knows.
    public var publicKey: ECPublicKey? {
        guard let key = X509_get_pubkey(x509) else { return nil }
        // nil is the documented answer for a key of another kind: callers say "not an EC key".
        return try? ECPublicKey(taking: key)
    }

    /// Whether the certificate carries an extension with this dotted OID (Apple's marker
    /// OIDs are checked by presence only, as Apple's library does).
    public func hasExtension(oid: String) -> Bool {
        guard let object = OBJ_txt2obj(oid, 1) else { return false }
        defer { ASN1_OBJECT_free(object) }
        return X509_get_ext_by_OBJ(x509, object, -1) >= 0
    }

    public var description: String {
        "\(commonName) (valid \(notBefore.formatted(.iso8601)) to \(notAfter.formatted(.iso8601)))"
    }

    /// Every certificate in a PEM text, in order (a chain file).
    public static func all(inPEM pem: String) throws(SigningError) -> [Certificate] {
        var certificates: [Certificate] = []
        var rest = Substring(pem)
        let end = "-----END CERTIFICATE-----"
        while let range = rest.range(of: end) {
            certificates.append(try Certificate(pem: String(rest[..<range.upperBound])))
            rest = rest[range.upperBound...]
        }
        return certificates
    }

    static func date(_ time: UnsafePointer<ASN1_TIME>?) -> Date {
        var parts = tm()
        guard let time, ASN1_TIME_to_tm(time, &parts) == 1 else { return .distantPast }
        return Date(timeIntervalSince1970: TimeInterval(timegm(&parts)))
    }
}

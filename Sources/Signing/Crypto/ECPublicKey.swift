import COpenSSL

/// An EC public key on P-256 or P-384, from a certificate or an SPKI encoding.
///
/// `@unchecked Sendable` because it only wraps an `EVP_PKEY` that is never mutated after
/// creation; OpenSSL 3 documents such keys as safe to use from several threads at once. (Its
/// verifying contexts live in a `KeyContextPool`, which is Sendable on its own.)
public final class ECPublicKey: @unchecked Sendable {
    let pkey: OpaquePointer
    public let curve: ECCurve
    private let verifyingContexts = KeyContextPool(.verify)

    init(taking pkey: OpaquePointer) throws(SigningError) {
        self.curve = try ECCurve(takingKey: pkey)
        self.pkey = pkey
    }

    deinit { EVP_PKEY_free(pkey) }

    /// Reads a DER SubjectPublicKeyInfo.
    public convenience init(der: [UInt8]) throws(SigningError) {
        OpenSSLLibrary.prepare()
        let key = der.withUnsafeBufferPointer { buffer -> OpaquePointer? in
            var cursor = buffer.baseAddress
            return d2i_PUBKEY(nil, &cursor, buffer.count)
        }
        guard let key else { throw .invalidKey(reason: "not a DER public key (\(drainOpenSSLErrors()))") }
        try self.init(taking: key)
    }

    /// Reads a PEM public key (`BEGIN PUBLIC KEY`).
    public convenience init(pem: String) throws(SigningError) {
        let key = withReadBIO(Array(pem.utf8)) { PEM_read_bio_PUBKEY($0, nil, nil, nil) }
        guard let key else { throw .invalidKey(reason: "not a PEM public key (\(drainOpenSSLErrors()))") }
        try self.init(taking: key)
    }

    /// The DER SubjectPublicKeyInfo.
    public var derRepresentation: [UInt8] { Self.subjectPublicKeyInfo(of: pkey) }

    /// The PEM form (`BEGIN PUBLIC KEY`).
    public var pemRepresentation: String {
        // A memory BIO fails only when memory runs out; the empty text then fails to parse
        // wherever it is read, naming the file or field.
        let bytes = (try? withMemoryBIO("PEM_write_bio_PUBKEY") { PEM_write_bio_PUBKEY($0, pkey) }) ?? []
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Whether `signature` (DER) is a valid ECDSA-SHA-256 signature of `message` by this key.
    public func isValidSignature(der signature: [UInt8], for message: some Collection<UInt8>) -> Bool {
        let digest = sha256(message)
        // A context that cannot be made (out of memory) reads as "not valid": a signature is
        // never accepted unchecked.
        let status = try? verifyingContexts.withContext(key: pkey) { context in
            EVP_PKEY_verify(context, signature, signature.count, digest, digest.count)
        }
        // A mismatch leaves an entry on the error queue; clear it so it cannot leak into a later error.
        if status != 1 { _ = drainOpenSSLErrors() }
        return status == 1
    }

    /// Whether `signature` is a valid JOSE raw (R||S) ECDSA-SHA-256 signature of `message`.
    /// A DER signature, or any length other than twice the coordinate size, is not.
    public func isValidSignature(raw signature: [UInt8], for message: some Collection<UInt8>) -> Bool {
        guard let der = ECDSASignature.der(fromRaw: signature, coordinateSize: curve.coordinateSize) else {
            return false
        }
        return isValidSignature(der: der, for: message)
    }

    static func subjectPublicKeyInfo(of pkey: OpaquePointer) -> [UInt8] {
        let length = i2d_PUBKEY(pkey, nil)
        guard length > 0 else { return [] }
        var der = [UInt8](repeating: 0, count: Int(length))
        der.withUnsafeMutableBufferPointer { buffer in
            var cursor = buffer.baseAddress
            _ = i2d_PUBKEY(pkey, &cursor)
        }
        return der
    }
}

import COpenSSL

/// An EC private key on P-256 or P-384: the CA's keys, the JWS leaf key, an App Store Connect
/// `.p8` key.
///
/// `@unchecked Sendable` because it only wraps an `EVP_PKEY` that is never mutated after
/// creation; OpenSSL 3 documents such keys as safe to use from several threads at once. (Its
/// signing contexts live in a `KeyContextPool`, which is Sendable on its own.)
public final class ECPrivateKey: @unchecked Sendable {
    let pkey: OpaquePointer
    public let curve: ECCurve
    private let signingContexts = KeyContextPool(.sign)

    init(taking pkey: OpaquePointer) throws(SigningError) {
        self.curve = try ECCurve(takingKey: pkey)
        self.pkey = pkey
    }

    deinit { EVP_PKEY_free(pkey) }

    /// A fresh key from OpenSSL's CSPRNG.
    public static func generate(_ curve: ECCurve) throws(SigningError) -> ECPrivateKey {
        OpenSSLLibrary.prepare()
        guard let context = EVP_PKEY_CTX_new_from_name(nil, "EC", nil) else {
            throw .openSSL("EVP_PKEY_CTX_new")
        }
        defer { EVP_PKEY_CTX_free(context) }
        var key: OpaquePointer? = nil
        guard EVP_PKEY_keygen_init(context) == 1,
            EVP_PKEY_CTX_set_group_name(context, curve.rawValue) == 1,
            EVP_PKEY_generate(context, &key) == 1, let key
        else { throw .openSSL("EVP_PKEY_generate(\(curve.rawValue))") }
        return try ECPrivateKey(taking: key)
    }

    /// Reads a PEM private key: PKCS#8 (`BEGIN PRIVATE KEY`, the `.p8` format) or SEC 1
    /// (`BEGIN EC PRIVATE KEY`).
    public convenience init(pem: String) throws(SigningError) {
        let key = withReadBIO(Array(pem.utf8)) { PEM_read_bio_PrivateKey($0, nil, nil, nil) }
        guard let key else {
            throw .invalidKey(reason: "not a PEM private key (\(drainOpenSSLErrors()))")
        }
        try self.init(taking: key)
    }

    /// The key as PKCS#8 PEM (`BEGIN PRIVATE KEY`), the format of App Store Connect `.p8` files.
    public func pkcs8PEM() throws(SigningError) -> String {
        let bytes = try withMemoryBIO("PEM_write_bio_PrivateKey") {
            PEM_write_bio_PrivateKey($0, pkey, nil, nil, 0, nil, nil)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The matching public key.
    public var publicKey: ECPublicKey {
        // Re-encoding our own valid key cannot fail short of memory exhaustion, where nothing
        // could go on anyway: a public key every caller can use beats a throw none could handle.
        try! ECPublicKey(der: ECPublicKey.subjectPublicKeyInfo(of: pkey))
    }

    /// ECDSA over SHA-256 of `message`, DER-encoded (`SEQUENCE { r, s }`).
    public func derSignature(for message: some Collection<UInt8>) throws(SigningError) -> [UInt8] {
        let digest = sha256(message)
        // Room for the largest DER signature of the curve: two INTEGERs with sign bytes.
        var signature = [UInt8](repeating: 0, count: 2 * curve.coordinateSize + 16)
        var length = signature.count
        let status = try signingContexts.withContext(key: pkey) { context in
            EVP_PKEY_sign(context, &signature, &length, digest, digest.count)
        }
        guard status == 1 else { throw .openSSL("EVP_PKEY_sign") }
        return Array(signature.prefix(length))
    }

    /// ECDSA over SHA-256 of `message` as JOSE wants it: R and S as fixed-size big-endian
    /// integers, concatenated (64 bytes on P-256).
    public func rawSignature(for message: some Collection<UInt8>) throws(SigningError) -> [UInt8] {
        try ECDSASignature.raw(fromDER: derSignature(for: message), coordinateSize: curve.coordinateSize)
    }
}

import COpenSSL

/// The elliptic curves Kiosk uses: P-256 for ES256 signing keys (leaf, API keys), P-384 for the
/// certificate authority, as in Apple's chain.
public enum ECCurve: String, Sendable, Hashable, CaseIterable {
    case p256 = "P-256"
    case p384 = "P-384"

    var nid: Int32 {
        switch self {
        case .p256: NID_X9_62_prime256v1
        case .p384: NID_secp384r1
        }
    }

    /// The digest that matches the curve's strength, used when this key signs certificates.
    var certificateDigest: OpaquePointer {
        switch self {
        case .p256: EVP_sha256()
        case .p384: EVP_sha384()
        }
    }

    /// The size in bytes of one coordinate (and of R and S in a raw signature).
    var coordinateSize: Int {
        switch self {
        case .p256: 32
        case .p384: 48
        }
    }

    init?(nid: Int32) {
        guard let curve = Self.allCases.first(where: { $0.nid == nid }) else { return nil }
        self = curve
    }

    /// The curve of an EC key, or nil for any other key.
    init?(key: OpaquePointer) {
        guard EVP_PKEY_get_base_id(key) == copenssl_evp_pkey_ec() else { return nil }
        var name = [CChar](repeating: 0, count: 64)
        var length = 0
        guard EVP_PKEY_get_utf8_string_param(key, "group", &name, name.count, &length) == 1 else {
            return nil
        }
        let groupName = String(decoding: name.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        self.init(nid: OBJ_txt2nid(groupName))
    }

    /// The curve of a key about to be wrapped; frees the key when it is not on a known curve,
    /// since the wrapper that would own it is never made.
    init(takingKey key: OpaquePointer) throws(SigningError) {
        guard let curve = ECCurve(key: key) else {
            EVP_PKEY_free(key)
            throw .invalidKey(reason: "not an EC key on P-256 or P-384")
        }
        self = curve
    }
}

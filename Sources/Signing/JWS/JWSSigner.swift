import Foundation

/// Signs payloads as App Store JWS: ES256 with the leaf key, the chain in the `x5c` header.
///
/// The header never changes, so it is encoded once; a signature then costs one payload
/// encoding and one P-256 signing.
public struct JWSSigner: Sendable {
    /// Leaf, intermediate, root: the order of `x5c`.
    public let chain: [Certificate]
    let key: ECPrivateKey
    let encodedHeader: String

    /// - Parameters:
    ///   - key: the leaf's P-256 private key.
    ///   - chain: leaf, intermediate and root certificates.
    public init(key: ECPrivateKey, chain: [Certificate]) throws(SigningError) {
        guard key.curve == .p256 else {
            throw .invalidKey(reason: "ES256 needs a P-256 key, not \(key.curve.rawValue)")
        }
        guard chain.count == 3 else {
            throw .invalidCertificate(
                reason: "x5c needs leaf, intermediate and root; got \(chain.count) certificates")
        }
        guard chain[0].publicKey?.derRepresentation == key.publicKey.derRepresentation else {
            throw .invalidKey(
                reason: "the signing key does not belong to the leaf certificate \(chain[0].commonName)")
        }
        self.key = key
        self.chain = chain
        self.encodedHeader = Self.encodedHeader(
            x5c: chain.map { Base64.encode($0.derRepresentation, .standard) })
    }

    /// Apple's header, exactly `{"alg":"ES256","x5c":[leaf, intermediate, root]}` with the
    /// certificates in standard base64 with padding. Written by hand because base64 needs no
    /// JSON escaping and JSONEncoder would escape every `/`.
    static func encodedHeader(x5c: [String]) -> String {
        let json = "{\"alg\":\"ES256\",\"x5c\":[" + x5c.map { "\"\($0)\"" }.joined(separator: ",") + "]}"
        return Base64.encode(Array(json.utf8), .url)
    }

    /// Signs raw payload bytes (normally JSON).
    public func sign(payload: [UInt8]) throws(SigningError) -> String {
        try CompactJWS.sign(payload: payload, encodedHeader: encodedHeader, key: key)
    }

    /// Signs a transaction, renewal info, app transaction or notification in Apple's JSON form.
    public func sign(_ value: some SignedPayload) throws(SigningError) -> String {
        try sign(payload: value.payloadJSON())
    }
}

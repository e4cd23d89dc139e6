/// A compact-serialized JWS (`header.payload.signature`, each base64url without padding),
/// taken apart. Parsing checks only the encoding; what the parts mean is the verifier's job.
struct CompactJWS {
    /// The header's JSON.
    var header: [UInt8]
    var payload: [UInt8]
    /// The signature bytes (64 raw bytes for a well-formed ES256 JWS).
    var signature: [UInt8]
    /// The bytes the signature covers: the first two segments and the dot between them.
    var signingInput: Substring.UTF8View

    /// Splits and decodes `text`, or names what is wrong with its encoding.
    init(_ text: String) throws(JWSFormatError) {
        let utf8 = text.utf8
        guard let firstDot = utf8.firstIndex(of: UInt8(ascii: ".")),
            let secondDot = utf8[utf8.index(after: firstDot)...].firstIndex(of: UInt8(ascii: "."))
        else { throw JWSFormatError("a compact JWS has three dot-separated parts") }
        let signatureStart = utf8.index(after: secondDot)
        guard !utf8[signatureStart...].contains(UInt8(ascii: ".")) else {
            throw JWSFormatError("a compact JWS has three dot-separated parts, this one has more")
        }
        let headerText = Substring(text)[..<firstDot]
        let payloadText = Substring(text)[utf8.index(after: firstDot)..<secondDot]
        let signatureText = Substring(text)[signatureStart...]
        guard let header = Base64.decode(headerText, .url) else {
            throw JWSFormatError("the header is not base64url without padding")
        }
        guard let payload = Base64.decode(payloadText, .url) else {
            throw JWSFormatError("the payload is not base64url without padding")
        }
        guard let signature = Base64.decode(signatureText, .url) else {
            throw JWSFormatError("the signature is not base64url without padding")
        }
        self.header = header
        self.payload = payload
        self.signature = signature
        self.signingInput = Substring(text)[..<secondDot].utf8
    }

    /// Signs `payload` under an already encoded header (`base64url(header JSON)`), returning
    /// the compact JWS with a raw R||S signature.
    static func sign(
        payload: [UInt8], encodedHeader: String, key: ECPrivateKey
    ) throws(SigningError) -> String {
        var signingInput = encodedHeader
        signingInput.reserveCapacity(encodedHeader.utf8.count + payload.count * 4 / 3 + 100)
        signingInput += "."
        signingInput += Base64.encode(payload, .url)
        let signature = try key.rawSignature(for: signingInput.utf8)
        return signingInput + "." + Base64.encode(signature, .url)
    }
}

/// Why a text is not a compact JWS (internal; surfaces as `VerificationError.invalidEncoding`
/// or `SigningError.malformedJWS`).
struct JWSFormatError: Error {
    var reason: String
    init(_ reason: String) { self.reason = reason }
}

/// The JOSE header fields Kiosk reads.
struct JWSHeader: Codable, Hashable {
    var alg: String?
    var x5c: [String]?
    var kid: String?
    var typ: String?
}

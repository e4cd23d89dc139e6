/// A compact-serialized JWS (`header.payload.signature`, each base64url without padding),
/// taken apart. Parsing checks only the encoding; what the parts mean is the verifier's job.
struct CompactJWS {
    /// The header segment as sent (base64url): the key of the verifier's header memo.
    var encodedHeader: Substring
    var payload: [UInt8]
    /// The signature bytes (64 raw bytes for a well-formed ES256 JWS).
    var signature: [UInt8]
    /// The bytes the signature covers: the first two segments and the dot between them.
    var signingInput: Substring.UTF8View

    /// Splits `text` and decodes the payload and signature, or names what is wrong with its
    /// encoding. The header is decoded only when needed (`header()`): a verifier that has seen
    /// the same header before skips it.
    init(_ text: String) throws(JWSFormatError) {
        var text = text
        // Find the dots on the contiguous UTF-8 buffer: String.UTF8View.firstIndex is far slower.
        let dots = text.withUTF8 { buffer -> [Int] in
            var dots: [Int] = []
            for index in buffer.indices where buffer[index] == UInt8(ascii: ".") {
                dots.append(index)
                if dots.count > 2 { break }
            }
            return dots
        }
        guard dots.count == 2 else {
            throw JWSFormatError(
                "a compact JWS has three dot-separated parts, this one has \(dots.count + 1)")
        }
        let utf8 = text.utf8
        let first = utf8.index(utf8.startIndex, offsetBy: dots[0])
        let second = utf8.index(utf8.startIndex, offsetBy: dots[1])
        let whole = Substring(text)
        encodedHeader = whole[..<first]
        guard let payload = Base64.decode(whole[utf8.index(after: first)..<second], .url) else {
            throw JWSFormatError("the payload is not base64url without padding")
        }
        guard let signature = Base64.decode(whole[utf8.index(after: second)...], .url) else {
            throw JWSFormatError("the signature is not base64url without padding")
        }
        self.payload = payload
        self.signature = signature
        signingInput = whole[..<second].utf8
    }

    /// The header's JSON.
    func header() throws(JWSFormatError) -> [UInt8] {
        guard let header = Base64.decode(encodedHeader, .url) else {
            throw JWSFormatError("the header is not base64url without padding")
        }
        return header
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

/// Conversions between the two encodings of an ECDSA signature: DER (`SEQUENCE { r, s }`, what
/// OpenSSL and legacy offer signatures use) and JOSE raw R||S (what JWS uses, RFC 7518 §3.4).
///
/// Written by hand rather than with `d2i_ECDSA_SIG`/`BN_*`: they run once per JWS signed or
/// verified, and the OpenSSL route costs three allocations and a parse each time.
enum ECDSASignature {
    /// DER to raw: R and S left-padded to `coordinateSize` bytes each.
    static func raw(fromDER der: [UInt8], coordinateSize: Int) throws(SigningError) -> [UInt8] {
        var reader = DERReader(bytes: der)
        guard let length = reader.read(tag: 0x30), reader.offset + length == der.count,
            let r = reader.readInteger(), let s = reader.readInteger(),
            reader.offset == der.count, r.count <= coordinateSize, s.count <= coordinateSize
        else {
            throw .openSSL(operation: "parse ECDSA signature", detail: "not a DER SEQUENCE of two integers")
        }
        var raw = [UInt8](repeating: 0, count: 2 * coordinateSize)
        raw.replaceSubrange(coordinateSize - r.count..<coordinateSize, with: r)
        raw.replaceSubrange(2 * coordinateSize - s.count..<2 * coordinateSize, with: s)
        return raw
    }

    /// Raw to DER, or nil when `raw` is not exactly two coordinates long (a DER signature passed
    /// where raw is expected ends here).
    static func der(fromRaw raw: [UInt8], coordinateSize: Int) -> [UInt8]? {
        guard raw.count == 2 * coordinateSize else { return nil }
        let r = integer(raw[0..<coordinateSize])
        let s = integer(raw[coordinateSize...])
        let body = r.count + s.count
        // Short-form length suffices up to P-384 (at most 2 * (2 + 49) = 102 bytes); P-521 is not used.
        guard body < 128 else { return nil }
        return [0x30, UInt8(body)] + r + s
    }

    /// A DER INTEGER holding the unsigned big-endian `magnitude`: leading zeros dropped, one
    /// zero byte added back when the top bit is set (the value would read as negative).
    private static func integer(_ magnitude: ArraySlice<UInt8>) -> [UInt8] {
        var digits = magnitude.drop { $0 == 0 }
        if digits.isEmpty { digits = [0] }
        let padded = digits.first! & 0x80 != 0
        return [0x02, UInt8(digits.count + (padded ? 1 : 0))] + (padded ? [0] : []) + digits
    }

    /// Just enough DER to read `SEQUENCE { INTEGER, INTEGER }` with short or one-byte lengths.
    private struct DERReader {
        let bytes: [UInt8]
        var offset = 0

        /// Reads a tag and its length; returns the length, or nil on a mismatch.
        mutating func read(tag: UInt8) -> Int? {
            guard offset + 2 <= bytes.count, bytes[offset] == tag else { return nil }
            var length = Int(bytes[offset + 1])
            offset += 2
            if length == 0x81 {
                guard offset < bytes.count else { return nil }
                length = Int(bytes[offset])
                offset += 1
            } else if length > 0x80 {
                return nil
            }
            return offset + length <= bytes.count ? length : nil
        }

        /// An INTEGER's magnitude without its sign byte.
        mutating func readInteger() -> ArraySlice<UInt8>? {
            guard let length = read(tag: 0x02), length > 0 else { return nil }
            let value = bytes[offset..<offset + length]
            offset += length
            return value.drop { $0 == 0 }
        }
    }
}

/// Base64 in the two alphabets JWS uses, on bytes, without Foundation: standard with padding
/// (x5c certificates, RFC 7515 §4.1.6) and URL-safe without padding (every JWS segment).
///
/// Decoding is strict: a character of the other alphabet, missing or surplus padding, or
/// non-zero trailing bits make it fail, so one byte string has exactly one accepted text.
public enum Base64 {
    public enum Alphabet: Sendable {
        /// `+` `/` and `=` padding.
        case standard
        /// `-` `_` and no padding.
        case url
    }

    private static let standardTable = Array(
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
    private static let urlTable = Array(
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    /// 0xFF marks characters outside the alphabet.
    private static func decodeTable(_ table: [UInt8]) -> [UInt8] {
        var result = [UInt8](repeating: 0xFF, count: 256)
        for (index, character) in table.enumerated() { result[Int(character)] = UInt8(index) }
        return result
    }
    private static let standardDecode = decodeTable(standardTable)
    private static let urlDecode = decodeTable(urlTable)

    static func encode(_ bytes: some Collection<UInt8>, _ alphabet: Alphabet) -> String {
        let table = alphabet == .standard ? standardTable : urlTable
        let padded = alphabet == .standard
        let input = Array(bytes)
        let fullGroups = input.count / 3
        let remainder = input.count % 3
        let outputLength = fullGroups * 4 + (remainder == 0 ? 0 : (padded ? 4 : remainder + 1))
        return String(unsafeUninitializedCapacity: outputLength) { output in
            table.withUnsafeBufferPointer { table in
                var o = 0
                var i = 0
                while i + 3 <= input.count {
                    let v = UInt32(input[i]) << 16 | UInt32(input[i + 1]) << 8 | UInt32(input[i + 2])
                    output[o] = table[Int(v >> 18)]
                    output[o + 1] = table[Int(v >> 12 & 63)]
                    output[o + 2] = table[Int(v >> 6 & 63)]
                    output[o + 3] = table[Int(v & 63)]
                    i += 3
                    o += 4
                }
                if remainder > 0 {
                    let v = UInt32(input[i]) << 16 | (remainder == 2 ? UInt32(input[i + 1]) << 8 : 0)
                    output[o] = table[Int(v >> 18)]
                    output[o + 1] = table[Int(v >> 12 & 63)]
                    o += 2
                    if remainder == 2 {
                        output[o] = table[Int(v >> 6 & 63)]
                        o += 1
                    }
                    if padded {
                        while o < outputLength {
                            output[o] = UInt8(ascii: "=")
                            o += 1
                        }
                    }
                }
            }
            return outputLength
        }
    }

    /// The bytes `text` encodes, or nil when it is not canonical base64 of `alphabet`.
    static func decode(_ text: Substring, _ alphabet: Alphabet) -> [UInt8]? {
        var text = text
        return text.withUTF8 { decode(bytes: $0, alphabet) }
    }

    static func decode(_ text: String, _ alphabet: Alphabet) -> [UInt8]? {
        var text = text
        return text.withUTF8 { decode(bytes: $0, alphabet) }
    }

    public static func decode(bytes input: UnsafeBufferPointer<UInt8>, _ alphabet: Alphabet) -> [UInt8]? {
        var count = input.count
        if alphabet == .standard {
            guard count % 4 == 0 else { return nil }
            var padding = 0
            while padding < 2, count > 0, input[count - 1] == UInt8(ascii: "=") {
                count -= 1
                padding += 1
            }
        }
        let remainder = count % 4
        guard remainder != 1 else { return nil }
        let table = alphabet == .standard ? standardDecode : urlDecode
        var output = [UInt8]()
        output.reserveCapacity(count / 4 * 3 + 2)
        return table.withUnsafeBufferPointer { table -> [UInt8]? in
            var i = 0
            while i + 4 <= count {
                let a = table[Int(input[i])]
                let b = table[Int(input[i + 1])]
                let c = table[Int(input[i + 2])]
                let d = table[Int(input[i + 3])]
                guard (a | b | c | d) & 0xC0 == 0 else { return nil }
                let v = UInt32(a) << 18 | UInt32(b) << 12 | UInt32(c) << 6 | UInt32(d)
                output.append(UInt8(v >> 16))
                output.append(UInt8(v >> 8 & 0xFF))
                output.append(UInt8(v & 0xFF))
                i += 4
            }
            guard remainder > 0 else { return output }
            let a = table[Int(input[i])]
            let b = table[Int(input[i + 1])]
            let c = remainder == 3 ? table[Int(input[i + 2])] : 0
            guard (a | b | c) & 0xC0 == 0 else { return nil }
            let v = UInt32(a) << 18 | UInt32(b) << 12 | UInt32(c) << 6
            output.append(UInt8(v >> 16))
            if remainder == 3 { output.append(UInt8(v >> 8 & 0xFF)) }
            // Bits below the last whole byte must be zero, or two texts would decode alike.
            let leftover = remainder == 3 ? v & 0xFF : v & 0xFFFF
            return leftover == 0 ? output : nil
        }
    }
}

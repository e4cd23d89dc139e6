extension JSONParser {
    /// Scans a string, checking escapes and UTF-8 but not decoding it: most strings are
    /// never read, and those that are decode straight from the bytes when they hold no escape.
    mutating func parseString() throws(JSONSyntaxError) {
        let start = position
        var hasEscapes = false
        position += 1
        while true {
            guard position < count else {
                throw JSONSyntaxError(offset: start, message: "unterminated string; add the closing '\"'")
            }
            let byte = base[position]
            if byte == UInt8(ascii: "\"") {
                position += 1
                break
            } else if byte == UInt8(ascii: "\\") {
                hasEscapes = true
                try skipEscape()
            } else if byte < 0x20 {
                throw JSONSyntaxError(
                    offset: position,
                    message: byte == 0x0A
                        ? "line break inside a string; close the string or write \\n"
                        : "control character inside a string; escape it as \\u00XX")
            } else if byte < 0x80 {
                position += 1
            } else {
                position += try utf8SequenceLength(at: position)
            }
        }
        nodes.append(
            JSONNode(
                kind: .string, hasEscapes: hasEscapes, start: UInt32(start), end: UInt32(position),
                next: UInt32(nodes.count + 1), count: 0))
    }

    private mutating func skipEscape() throws(JSONSyntaxError) {
        let start = position
        guard position + 1 < count else {
            throw JSONSyntaxError(offset: start, message: "unterminated string; add the closing '\"'")
        }
        switch base[position + 1] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
            UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            position += 2
        case UInt8(ascii: "u"):
            guard position + 6 <= count, (2..<6).allSatisfy({ hexValue(base[position + $0]) != nil }) else {
                throw JSONSyntaxError(
                    offset: start, message: "\\u must be followed by four hex digits",
                    found: excerpt(at: start))
            }
            position += 6
        default:
            throw JSONSyntaxError(
                offset: start,
                message: "invalid escape; use one of \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX",
                found: excerpt(at: start))
        }
    }

    /// The length of the well-formed UTF-8 sequence at `offset` (RFC 3629: no overlong
    /// forms, no surrogates, nothing above U+10FFFF).
    private func utf8SequenceLength(at offset: Int) throws(JSONSyntaxError) -> Int {
        let lead = base[offset]
        let length: Int
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0:
            length = 3
            low = 0xA0
        case 0xED:
            length = 3
            high = 0x9F
        case 0xE1...0xEF: length = 3
        case 0xF0:
            length = 4
            low = 0x90
        case 0xF4:
            length = 4
            high = 0x8F
        case 0xF1...0xF3: length = 4
        default: throw invalidUTF8(offset)
        }
        guard offset + length <= count, (low...high).contains(base[offset + 1]) else {
            throw invalidUTF8(offset)
        }
        for index in 2..<length where base[offset + index] & 0xC0 != 0x80 { throw invalidUTF8(offset) }
        return length
    }

    private func invalidUTF8(_ offset: Int) -> JSONSyntaxError {
        JSONSyntaxError(offset: offset, message: "invalid UTF-8 in a string; save the file as UTF-8")
    }
}

/// The value of an ASCII hex digit, or nil.
@inline(__always) func hexValue(_ byte: UInt8) -> UInt32? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
    default: nil
    }
}

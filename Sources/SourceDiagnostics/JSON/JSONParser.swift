/// A strict RFC 8259 parser over UTF-8 bytes that builds a `JSONNode` tape.
///
/// Written by hand because Foundation's parsers report no positions. It validates UTF-8
/// inside strings and the number grammar, so the decoder can trust the tape afterwards.
import Foundation

struct JSONParser {
    /// Deeper nesting than any catalog needs; the limit keeps recursion off the stack's edge.
    static let maximumDepth = 512

    let base: UnsafePointer<UInt8>
    let count: Int
    var position = 0
    var nodes: [JSONNode] = []

    init(base: UnsafePointer<UInt8>, count: Int) {
        self.base = base
        self.count = count
        // Pretty-printed catalogs average about one value per 20 bytes.
        nodes.reserveCapacity(count / 16 + 16)
    }

    /// Parses the whole buffer as one JSON value (a leading UTF-8 byte order mark is skipped).
    mutating func parseDocument() throws(JSONSyntaxError) {
        guard count < Int(UInt32.max) else {
            throw JSONSyntaxError(offset: 0, message: "the file is larger than 4 GB")
        }
        if count >= 3, base[0] == 0xEF, base[1] == 0xBB, base[2] == 0xBF { position = 3 }
        skipWhitespace()
        guard position < count else {
            throw JSONSyntaxError(offset: position, message: "the file is empty; expected a JSON object")
        }
        try parseValue(depth: 0)
        skipWhitespace()
        if position < count {
            throw JSONSyntaxError(
                offset: position, message: "unexpected text after the end of the JSON value; remove it",
                found: excerpt(at: position))
        }
    }

    private mutating func parseValue(depth: Int) throws(JSONSyntaxError) {
        skipWhitespace()
        guard position < count else {
            throw JSONSyntaxError(offset: position, message: "unexpected end of file; expected a value")
        }
        switch base[position] {
        case UInt8(ascii: "\""): try parseString()
        case UInt8(ascii: "{"): try parseObject(depth: depth)
        case UInt8(ascii: "["): try parseArray(depth: depth)
        case UInt8(ascii: "t"): try parseLiteral("true", kind: .bool)
        case UInt8(ascii: "f"): try parseLiteral("false", kind: .bool)
        case UInt8(ascii: "n"): try parseLiteral("null", kind: .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try parseNumber()
        case UInt8(ascii: "]"), UInt8(ascii: "}"):
            throw JSONSyntaxError(
                offset: position, message: "expected a value; remove the trailing comma",
                found: excerpt(at: position))
        case UInt8(ascii: "'"):
            throw JSONSyntaxError(
                offset: position, message: "strings take double quotes in JSON", found: excerpt(at: position))
        default:
            throw JSONSyntaxError(
                offset: position,
                message: "expected a value (string, number, object, array, true, false or null)",
                found: excerpt(at: position))
        }
    }

    private mutating func openContainer(_ kind: JSONKind, depth: Int) throws(JSONSyntaxError) -> Int {
        guard depth < Self.maximumDepth else {
            throw JSONSyntaxError(
                offset: position, message: "nesting is deeper than \(Self.maximumDepth) levels")
        }
        let index = nodes.count
        nodes.append(
            JSONNode(kind: kind, hasEscapes: false, start: UInt32(position), end: 0, next: 0, count: 0))
        position += 1
        skipWhitespace()
        return index
    }

    private mutating func closeContainer(_ index: Int, count children: Int) {
        position += 1
        nodes[index].end = UInt32(position)
        nodes[index].next = UInt32(nodes.count)
        nodes[index].count = UInt32(children)
    }

    private mutating func parseObject(depth: Int) throws(JSONSyntaxError) {
        let index = try openContainer(.object, depth: depth)
        var members = 0
        if position < count, base[position] == UInt8(ascii: "}") { return closeContainer(index, count: 0) }
        while true {
            skipWhitespace()
            guard position < count, base[position] == UInt8(ascii: "\"") else {
                let trailing = position < count && base[position] == UInt8(ascii: "}") && members > 0
                throw JSONSyntaxError(
                    offset: position,
                    message: trailing
                        ? "trailing comma before '}'; remove it" : "expected a member name in double quotes",
                    found: excerpt(at: position))
            }
            try parseString()
            skipWhitespace()
            guard position < count, base[position] == UInt8(ascii: ":") else {
                throw JSONSyntaxError(
                    offset: position, message: "expected ':' after the member name",
                    found: excerpt(at: position))
            }
            position += 1
            try parseValue(depth: depth + 1)
            members += 1
            skipWhitespace()
            guard position < count else {
                throw JSONSyntaxError(
                    offset: position, message: "unexpected end of file; expected ',' or '}'")
            }
            if base[position] == UInt8(ascii: ",") {
                position += 1
            } else if base[position] == UInt8(ascii: "}") {
                return closeContainer(index, count: members)
            } else {
                throw JSONSyntaxError(
                    offset: position,
                    message: "expected ',' or '}' after an object member; add the missing comma",
                    found: excerpt(at: position))
            }
        }
    }

    private mutating func parseArray(depth: Int) throws(JSONSyntaxError) {
        let index = try openContainer(.array, depth: depth)
        var elements = 0
        if position < count, base[position] == UInt8(ascii: "]") { return closeContainer(index, count: 0) }
        while true {
            try parseValue(depth: depth + 1)
            elements += 1
            skipWhitespace()
            guard position < count else {
                throw JSONSyntaxError(
                    offset: position, message: "unexpected end of file; expected ',' or ']'")
            }
            if base[position] == UInt8(ascii: ",") {
                position += 1
            } else if base[position] == UInt8(ascii: "]") {
                return closeContainer(index, count: elements)
            } else {
                throw JSONSyntaxError(
                    offset: position,
                    message: "expected ',' or ']' after an array element; add the missing comma",
                    found: excerpt(at: position))
            }
        }
    }

    private mutating func parseLiteral(_ word: StaticString, kind: JSONKind) throws(JSONSyntaxError) {
        let length = word.utf8CodeUnitCount
        let start = position
        guard start + length <= count, memcmp(base + start, word.utf8Start, length) == 0 else {
            throw JSONSyntaxError(
                offset: start,
                message: "expected a value (true, false and null are lower case, strings are quoted)",
                found: excerpt(at: start))
        }
        position += length
        nodes.append(
            JSONNode(
                kind: kind, hasEscapes: false, start: UInt32(start), end: UInt32(position), next: 0, count: 0)
        )
        nodes[nodes.count - 1].next = UInt32(nodes.count)
    }

    private mutating func parseNumber() throws(JSONSyntaxError) {
        let start = position
        if base[position] == UInt8(ascii: "-") { position += 1 }
        guard position < count, isDigit(base[position]) else { throw badNumber(start) }
        if base[position] == UInt8(ascii: "0") {
            position += 1
            if position < count, isDigit(base[position]) {
                throw JSONSyntaxError(
                    offset: start, message: "numbers may not have leading zeros", found: excerpt(at: start))
            }
        } else {
            skipDigits()
        }
        if position < count, base[position] == UInt8(ascii: ".") {
            position += 1
            guard position < count, isDigit(base[position]) else { throw badNumber(start) }
            skipDigits()
        }
        if position < count, base[position] | 0x20 == UInt8(ascii: "e") {
            position += 1
            if position < count, base[position] == UInt8(ascii: "+") || base[position] == UInt8(ascii: "-") {
                position += 1
            }
            guard position < count, isDigit(base[position]) else { throw badNumber(start) }
            skipDigits()
        }
        nodes.append(
            JSONNode(
                kind: .number, hasEscapes: false, start: UInt32(start), end: UInt32(position),
                next: UInt32(nodes.count + 1), count: 0))
    }

    private func badNumber(_ start: Int) -> JSONSyntaxError {
        JSONSyntaxError(offset: start, message: "malformed number", found: excerpt(at: start))
    }

    private mutating func skipDigits() {
        while position < count, isDigit(base[position]) { position += 1 }
    }

    @inline(__always) func isDigit(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "0") < 10
    }

    @inline(__always) private mutating func skipWhitespace() {
        while position < count {
            switch base[position] {
            case 0x20, 0x0A, 0x0D, 0x09: position += 1
            default: return
            }
        }
    }

    /// The token at `offset`, for the `found` of an error: a whole string (up to 40 bytes),
    /// one structural character, or a bare word.
    func excerpt(at offset: Int) -> String? {
        guard offset < count else { return nil }
        var end = offset + 1
        switch base[offset] {
        case UInt8(ascii: "\""):
            while end < count, end - offset < 40, base[end] != UInt8(ascii: "\""), base[end] != 0x0A {
                end += 1
            }
            if end < count, base[end] == UInt8(ascii: "\"") { end += 1 }
        case UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: ","),
            UInt8(ascii: ":"):
            break
        default:
            while end < count, end - offset < 12, !Self.endsWord(base[end]) { end += 1 }
        }
        return String(decoding: UnsafeBufferPointer(start: base + offset, count: end - offset), as: UTF8.self)
    }

    private static func endsWord(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x20, 0x0A, 0x0D, 0x09, UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"),
            UInt8(ascii: ":"):
            true
        default: false
        }
    }
}

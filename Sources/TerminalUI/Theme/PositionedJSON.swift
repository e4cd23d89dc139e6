/// A JSON value that remembers where it starts in its file, so theme diagnostics can name a
/// line and column. Foundation's `JSONSerialization` forgets positions, hence this small parser.
struct PositionedJSON {
    enum Value {
        case object([Member])
        case array([PositionedJSON])
        case string(String)
        case number(Double)
        case bool(Bool)
        case null
    }

    /// An object member: the key and its position, then the value.
    struct Member {
        var key: String
        var line: Int
        var column: Int
        var value: PositionedJSON
    }

    var value: Value
    /// 1-based line of the value's first character.
    var line: Int
    /// 1-based column of the value's first character, counted in Unicode scalars.
    var column: Int

    /// The value as it would be written in JSON, for diagnostics (objects and arrays abbreviated).
    var text: String {
        switch value {
        case .object: "{…}"
        case .array: "[…]"
        case .string(let string): "\"\(string)\""
        case .number(let number):
            number == number.rounded() && abs(number) < 1e15 ? "\(Int(number))" : "\(number)"
        case .bool(let bool): "\(bool)"
        case .null: "null"
        }
    }

    /// What kind of value this is, for "expected X, found Y" messages.
    var kind: String {
        switch value {
        case .object: "an object"
        case .array: "an array"
        case .string: "a string"
        case .number: "a number"
        case .bool: "a boolean"
        case .null: "null"
        }
    }
}

/// A JSON syntax error with its position.
struct JSONSyntaxError: Error {
    var message: String
    var line: Int
    var column: Int
}

/// A recursive-descent JSON parser (RFC 8259) over UTF-8 bytes that tracks line and column.
struct PositionedJSONParser {
    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var column = 1

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// Parses one complete document.
    mutating func parse() throws(JSONSyntaxError) -> PositionedJSON {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }  // tolerate a UTF-8 byte-order mark
        let value = try parseValue(depth: 0)
        skipWhitespace()
        guard index == bytes.count else { throw error("unexpected text after the end of the JSON document") }
        return value
    }

    private mutating func parseValue(depth: Int) throws(JSONSyntaxError) -> PositionedJSON {
        guard depth < 64 else { throw error("nesting deeper than 64 levels") }
        skipWhitespace()
        let (startLine, startColumn) = (line, column)
        guard let byte = peek() else { throw error("unexpected end of file; expected a value") }
        let value: PositionedJSON.Value
        switch byte {
        case UInt8(ascii: "{"): value = .object(try parseObject(depth: depth))
        case UInt8(ascii: "["): value = .array(try parseArray(depth: depth))
        case UInt8(ascii: "\""): value = .string(try parseString())
        case UInt8(ascii: "t"): value = try parseLiteral("true", .bool(true))
        case UInt8(ascii: "f"): value = try parseLiteral("false", .bool(false))
        case UInt8(ascii: "n"): value = try parseLiteral("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): value = .number(try parseNumber())
        default: throw error("unexpected character '\(Unicode.Scalar(byte))'; expected a value")
        }
        return PositionedJSON(value: value, line: startLine, column: startColumn)
    }

    private mutating func parseObject(depth: Int) throws(JSONSyntaxError) -> [PositionedJSON.Member] {
        advance()  // {
        var members: [PositionedJSON.Member] = []
        skipWhitespace()
        if peek() == UInt8(ascii: "}") {
            advance()
            return members
        }
        while true {
            skipWhitespace()
            let (keyLine, keyColumn) = (line, column)
            guard peek() == UInt8(ascii: "\"") else { throw error("expected a quoted key") }
            let key = try parseString()
            skipWhitespace()
            guard peek() == UInt8(ascii: ":") else { throw error("expected ':' after the key \"\(key)\"") }
            advance()
            let value = try parseValue(depth: depth + 1)
            members.append(PositionedJSON.Member(key: key, line: keyLine, column: keyColumn, value: value))
            skipWhitespace()
            switch peek() {
            case UInt8(ascii: ","): advance()
            case UInt8(ascii: "}"):
                advance()
                return members
            default: throw error("expected ',' or '}' in an object")
            }
        }
    }

    private mutating func parseArray(depth: Int) throws(JSONSyntaxError) -> [PositionedJSON] {
        advance()  // [
        var elements: [PositionedJSON] = []
        skipWhitespace()
        if peek() == UInt8(ascii: "]") {
            advance()
            return elements
        }
        while true {
            elements.append(try parseValue(depth: depth + 1))
            skipWhitespace()
            switch peek() {
            case UInt8(ascii: ","): advance()
            case UInt8(ascii: "]"):
                advance()
                return elements
            default: throw error("expected ',' or ']' in an array")
            }
        }
    }

    private mutating func parseString() throws(JSONSyntaxError) -> String {
        advance()  // opening quote
        var utf8: [UInt8] = []
        while let byte = peek() {
            switch byte {
            case UInt8(ascii: "\""):
                advance()
                return String(decoding: utf8, as: UTF8.self)
            case UInt8(ascii: "\\"):
                advance()
                UTF8.encode(try parseEscape()) { utf8.append($0) }
            case 0..<0x20: throw error("control character in a string; escape it")
            default:
                utf8.append(byte)
                advance()
            }
        }
        throw error("unterminated string")
    }

    private mutating func parseEscape() throws(JSONSyntaxError) -> Unicode.Scalar {
        guard let byte = peek() else { throw error("unterminated escape") }
        advance()
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            var value = try parseHex4()
            if (0xD800..<0xDC00).contains(value), peek() == UInt8(ascii: "\\") {
                advance()
                guard peek() == UInt8(ascii: "u") else { throw error("expected a low surrogate") }
                advance()
                let low = try parseHex4()
                value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
            }
            guard let scalar = Unicode.Scalar(value) else { throw error("invalid \\u escape") }
            return scalar
        default: throw error("unknown escape '\\\(Unicode.Scalar(byte))'")
        }
    }

    private mutating func parseHex4() throws(JSONSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = peek(), let digit = UInt32(String(Unicode.Scalar(byte)), radix: 16) else {
                throw error("expected four hex digits after \\u")
            }
            value = value * 16 + digit
            advance()
        }
        return value
    }

    private mutating func parseNumber() throws(JSONSyntaxError) -> Double {
        let start = index
        while let byte = peek(),
            byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".")
                || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") || (0x30...0x39).contains(byte)
        {
            advance()
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let number = Double(text) else { throw error("malformed number \(text)") }
        return number
    }

    private mutating func parseLiteral(_ word: String, _ value: PositionedJSON.Value) throws(JSONSyntaxError)
        -> PositionedJSON.Value
    {
        for expected in word.utf8 {
            guard peek() == expected else { throw error("unexpected word; expected \(word)") }
            advance()
        }
        return value
    }

    private func peek() -> UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func advance() {
        let byte = bytes[index]
        index += 1
        if byte == UInt8(ascii: "\n") {
            line += 1
            column = 1
        } else if byte & 0xC0 != 0x80 {
            column += 1  // count scalars: UTF-8 continuation bytes do not start a column
        }
    }

    private mutating func skipWhitespace() {
        while let byte = peek(), byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { advance() }
    }

    private func error(_ message: String) -> JSONSyntaxError {
        JSONSyntaxError(message: message, line: line, column: column)
    }
}

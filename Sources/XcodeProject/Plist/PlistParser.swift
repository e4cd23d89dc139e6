import SourceDiagnostics

/// Reads an old-style (OpenStep) property list such as `project.pbxproj`: `{ key = value; }`
/// dictionaries, `( a, b, )` arrays, quoted and bare strings, `<0fab>` data, and `/* */` and
/// `//` comments. The first problem stops it with a `PlistSyntaxError` at its line and column.
public struct PlistParser {
    private let bytes: [UInt8]
    private let file: String
    private var position = 0

    /// A parser over `bytes`; `file` names the file in errors.
    public init(bytes: [UInt8], file: String) {
        self.bytes = bytes
        self.file = file
    }

    /// The one value the file holds.
    /// - Throws: `PlistSyntaxError` at the first byte that does not fit the format.
    public static func parse(_ bytes: [UInt8], file: String) throws(PlistSyntaxError) -> PlistValue {
        var parser = PlistParser(bytes: bytes, file: file)
        return try parser.parseDocument()
    }

    private mutating func parseDocument() throws(PlistSyntaxError) -> PlistValue {
        try skipTrivia()
        guard position < bytes.count else { throw error("the file is empty; expected a '{' dictionary") }
        let value = try parseValue()
        try skipTrivia()
        guard position == bytes.count else {
            throw error("unexpected '\(character(at: position))' after the end of the top-level value")
        }
        return value
    }

    private mutating func parseValue() throws(PlistSyntaxError) -> PlistValue {
        try skipTrivia()
        guard position < bytes.count else { throw error("the file ends where a value was expected") }
        let start = position
        switch bytes[position] {
        case UInt8(ascii: "{"): return try parseDictionary()
        case UInt8(ascii: "("): return try parseArray()
        case UInt8(ascii: "<"): return try parseData()
        case UInt8(ascii: "\""), UInt8(ascii: "'"): return .string(try parseQuoted(), offset: start)
        case let byte where Self.isBare(byte): return .string(parseBare(), offset: start)
        default: throw error("unexpected '\(character(at: position))' where a value was expected")
        }
    }

    private mutating func parseDictionary() throws(PlistSyntaxError) -> PlistValue {
        let start = position
        position += 1
        var entries: [String: PlistValue] = [:]
        var keys: [String] = []
        while true {
            try skipTrivia()
            guard position < bytes.count else {
                throw error(
                    "the dictionary opened at \(locate(start)) is not closed; expected '}'", at: start)
            }
            if bytes[position] == UInt8(ascii: "}") {
                position += 1
                return .dictionary(entries, keys: keys, offset: start)
            }
            guard case .string(let key, _) = try parseValue() else {
                throw error("a dictionary key must be a string")
            }
            try expect("=", after: "the key '\(key)'")
            let value = try parseValue()
            try expect(";", after: "the value of '\(key)'")
            if entries.updateValue(value, forKey: key) == nil { keys.append(key) }
        }
    }

    private mutating func parseArray() throws(PlistSyntaxError) -> PlistValue {
        let start = position
        position += 1
        var elements: [PlistValue] = []
        while true {
            try skipTrivia()
            guard position < bytes.count else {
                throw error("the array opened at \(locate(start)) is not closed; expected ')'", at: start)
            }
            if bytes[position] == UInt8(ascii: ")") {
                position += 1
                return .array(elements, offset: start)
            }
            elements.append(try parseValue())
            try skipTrivia()
            guard position < bytes.count else { continue }
            if bytes[position] == UInt8(ascii: ",") {
                position += 1
            } else if bytes[position] != UInt8(ascii: ")") {
                throw error("expected ',' or ')' after an array element, found '\(character(at: position))'")
            }
        }
    }

    private mutating func parseData() throws(PlistSyntaxError) -> PlistValue {
        let start = position
        position += 1
        var digits: [UInt8] = []
        while position < bytes.count, bytes[position] != UInt8(ascii: ">") {
            let byte = bytes[position]
            if let digit = Self.hexValue(byte) {
                digits.append(digit)
            } else if !Self.isSpace(byte) {
                throw error("data holds '\(character(at: position))', which is not a hexadecimal digit")
            }
            position += 1
        }
        guard position < bytes.count else {
            throw error("the data opened here is not closed; expected '>'", at: start)
        }
        position += 1
        guard digits.count.isMultiple(of: 2) else {
            throw error("data has an odd number of hexadecimal digits", at: start)
        }
        let data = stride(from: 0, to: digits.count, by: 2).map { digits[$0] << 4 | digits[$0 + 1] }
        return .data(data, offset: start)
    }

    private mutating func parseQuoted() throws(PlistSyntaxError) -> String {
        let start = position
        let quote = bytes[position]
        position += 1
        var text: [UInt8] = []
        while position < bytes.count, bytes[position] != quote {
            if bytes[position] == UInt8(ascii: "\\") {
                position += 1
                guard position < bytes.count else { break }
                text += try escaped()
            } else {
                text.append(bytes[position])
                position += 1
            }
        }
        guard position < bytes.count else { throw error("the string opened here is not closed", at: start) }
        position += 1
        return String(decoding: text, as: UTF8.self)
    }

    /// The bytes one escape stands for; `position` is just after the backslash.
    private mutating func escaped() throws(PlistSyntaxError) -> [UInt8] {
        let byte = bytes[position]
        position += 1
        switch byte {
        case UInt8(ascii: "n"): return [0x0A]
        case UInt8(ascii: "t"): return [0x09]
        case UInt8(ascii: "r"): return [0x0D]
        case UInt8(ascii: "a"): return [0x07]
        case UInt8(ascii: "b"): return [0x08]
        case UInt8(ascii: "f"): return [0x0C]
        case UInt8(ascii: "v"): return [0x0B]
        case UInt8(ascii: "U"):
            var scalar: UInt32 = 0
            for _ in 0..<4 {
                guard position < bytes.count, let digit = Self.hexValue(bytes[position]) else {
                    throw error("'\\U' must be followed by four hexadecimal digits")
                }
                scalar = scalar << 4 | UInt32(digit)
                position += 1
            }
            return Array(String(Unicode.Scalar(scalar).map(Character.init) ?? "\u{FFFD}").utf8)
        case UInt8(ascii: "0")...UInt8(ascii: "7"):
            var value = UInt32(byte - UInt8(ascii: "0"))
            for _ in 0..<2
            where position < bytes.count && (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(bytes[position])
            {
                value = value << 3 | UInt32(bytes[position] - UInt8(ascii: "0"))
                position += 1
            }
            return [UInt8(truncatingIfNeeded: value)]
        default: return [byte]
        }
    }

    private mutating func parseBare() -> String {
        let start = position
        while position < bytes.count, Self.isBare(bytes[position]) { position += 1 }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    private mutating func expect(_ symbol: Character, after what: String) throws(PlistSyntaxError) {
        try skipTrivia()
        guard position < bytes.count else { throw error("the file ends after \(what); expected '\(symbol)'") }
        guard bytes[position] == symbol.asciiValue else {
            throw error("expected '\(symbol)' after \(what), found '\(character(at: position))'")
        }
        position += 1
    }

    /// Skips white space and comments.
    private mutating func skipTrivia() throws(PlistSyntaxError) {
        while position < bytes.count {
            let byte = bytes[position]
            if Self.isSpace(byte) {
                position += 1
            } else if byte == UInt8(ascii: "/"), position + 1 < bytes.count,
                bytes[position + 1] == UInt8(ascii: "/")
            {
                while position < bytes.count, bytes[position] != 0x0A { position += 1 }
            } else if byte == UInt8(ascii: "/"), position + 1 < bytes.count,
                bytes[position + 1] == UInt8(ascii: "*")
            {
                let start = position
                position += 2
                while position + 1 < bytes.count,
                    !(bytes[position] == UInt8(ascii: "*") && bytes[position + 1] == UInt8(ascii: "/"))
                {
                    position += 1
                }
                guard position + 1 < bytes.count else {
                    throw error("the comment opened here is not closed", at: start)
                }
                position += 2
            } else {
                return
            }
        }
    }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }

    /// Characters a string may hold without quotes.
    private static func isBare(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        case UInt8(ascii: "_"), UInt8(ascii: "$"), UInt8(ascii: "+"), UInt8(ascii: "/"), UInt8(ascii: ":"),
            UInt8(ascii: "."), UInt8(ascii: "-"):
            true
        default: false
        }
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    private func character(at offset: Int) -> String {
        guard offset < bytes.count else { return "end of file" }
        let byte = bytes[offset]
        return (0x21...0x7E).contains(byte) ? String(UnicodeScalar(byte)) : "\\u{\(String(byte, radix: 16))}"
    }

    private func locate(_ offset: Int) -> String {
        let location = LineTable(bytes: bytes).location(ofOffset: offset, file: file)
        return "line \(location.line), column \(location.column)"
    }

    private func error(_ message: String, at offset: Int? = nil) -> PlistSyntaxError {
        PlistSyntaxError(
            location: LineTable(bytes: bytes).location(ofOffset: offset ?? position, file: file),
            message: message)
    }
}

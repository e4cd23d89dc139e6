/// Writes one flat JSON object fast: the hot paths (every signed payload, every ledger write)
/// call it instead of `JSONEncoder`, which costs tens of microseconds per object on Linux.
///
/// Keys must be added in ascending order, which is how `JSONEncoder`'s `.sortedKeys` writes
/// them, so the output is the same document byte for byte. Absent (nil) values are left out, as
/// `JSONEncoder` leaves out nil optionals. Strings are escaped per RFC 8259; `/` is not escaped.
public struct JSONObjectWriter {
    private var output: [UInt8] = [UInt8(ascii: "{")]
    private var lastKey: String?

    public init() {
        output.reserveCapacity(768)
    }

    public mutating func add(_ key: String, _ value: String?) {
        guard let value, begin(key) else { return }
        Self.appendString(value, to: &output)
    }

    public mutating func add(_ key: String, _ value: Int64?) {
        guard let value, begin(key) else { return }
        output.append(contentsOf: String(value).utf8)
    }

    public mutating func add(_ key: String, _ value: Int?) {
        add(key, value.map(Int64.init))
    }

    public mutating func add(_ key: String, _ value: Bool?) {
        guard let value, begin(key) else { return }
        output.append(contentsOf: (value ? "true" : "false").utf8)
    }

    /// Adds an already encoded JSON value (an array or object) as is.
    public mutating func add(_ key: String, json: [UInt8]?) {
        guard let json, begin(key) else { return }
        output.append(contentsOf: json)
    }

    /// An array of strings.
    public mutating func add(_ key: String, strings: [String]?) {
        guard let strings, begin(key) else { return }
        output.append(UInt8(ascii: "["))
        for (index, string) in strings.enumerated() {
            if index > 0 { output.append(UInt8(ascii: ",")) }
            Self.appendString(string, to: &output)
        }
        output.append(UInt8(ascii: "]"))
    }

    /// The object's bytes.
    public func bytes() -> [UInt8] {
        output + [UInt8(ascii: "}")]
    }

    /// Writes `"key":` after a comma when needed.
    private mutating func begin(_ key: String) -> Bool {
        assert(
            lastKey.map { $0 < key } ?? true,
            "JSONObjectWriter keys must ascend: \(key) after \(lastKey ?? "")")
        if lastKey != nil { output.append(UInt8(ascii: ",")) }
        lastKey = key
        Self.appendString(key, to: &output)
        output.append(UInt8(ascii: ":"))
        return true
    }

    private static let hex: [UInt8] = Array("0123456789abcdef".utf8)

    static func appendString(_ string: String, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        // Most strings (a JWS, identifiers) need no escapes: copy them whole. Appending byte by
        // byte was a sixth of the server's cycles for a 3 KiB JWS (perf, kiosk-bench serve).
        var string = string
        let copied = string.withUTF8 { utf8 in
            guard !utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") })
            else { return false }
            bytes.append(contentsOf: utf8)
            return true
        }
        if copied {
            bytes.append(UInt8(ascii: "\""))
            return
        }
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
            case UInt8(ascii: "\\"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
            case 0x0A: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
            case 0x0D: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
            case 0x09: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
            case 0x00..<0x20:
                bytes += Array("\\u00".utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}

/// Writes one flat JSON object with sorted keys, fast: the hot paths (every signed payload,
/// every ledger write) call it instead of `JSONEncoder`, which costs tens of microseconds per
/// object on Linux. Absent (nil) values are left out, as `JSONEncoder` leaves out nil
/// optionals. Strings are escaped per RFC 8259; `/` is not escaped.
public struct JSONObjectWriter {
    private var fields: [(key: String, value: [UInt8])] = []

    public init() {}

    public mutating func add(_ key: String, _ value: String?) {
        guard let value else { return }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(value.utf8.count + 2)
        Self.appendString(value, to: &bytes)
        fields.append((key, bytes))
    }

    public mutating func add(_ key: String, _ value: Int64?) {
        guard let value else { return }
        fields.append((key, Array(String(value).utf8)))
    }

    public mutating func add(_ key: String, _ value: Int?) {
        add(key, value.map(Int64.init))
    }

    public mutating func add(_ key: String, _ value: Bool?) {
        guard let value else { return }
        fields.append((key, Array((value ? "true" : "false").utf8)))
    }

    /// Adds an already encoded JSON value (an array or object) as is.
    public mutating func add(_ key: String, json: [UInt8]?) {
        guard let json else { return }
        fields.append((key, json))
    }

    /// An array of strings.
    public mutating func add(_ key: String, strings: [String]?) {
        guard let strings else { return }
        var bytes: [UInt8] = [UInt8(ascii: "[")]
        for (index, string) in strings.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            Self.appendString(string, to: &bytes)
        }
        bytes.append(UInt8(ascii: "]"))
        fields.append((key, bytes))
    }

    /// The object's bytes, keys in sorted order.
    public func bytes() -> [UInt8] {
        var output: [UInt8] = [UInt8(ascii: "{")]
        output.reserveCapacity(fields.reduce(2) { $0 + $1.key.utf8.count + $1.value.count + 4 })
        for (index, field) in fields.sorted(by: { $0.key < $1.key }).enumerated() {
            if index > 0 { output.append(UInt8(ascii: ",")) }
            Self.appendString(field.key, to: &output)
            output.append(UInt8(ascii: ":"))
            output += field.value
        }
        output.append(UInt8(ascii: "}"))
        return output
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

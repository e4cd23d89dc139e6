import SourceDiagnostics

/// Writes JSON the way Xcode writes `.storekit` files, so re-encoded catalogs diff cleanly
/// against Xcode's: two-space indent, `"key" : value`, keys sorted ignoring case, empty
/// containers as `[\n\n]`, non-ASCII text unescaped, and a final newline.
public struct XcodeJSONWriter: Sendable {
    public init() {}

    /// The text of `value`.
    public func string(from value: JSONValue) -> String {
        var output = ""
        write(value, indent: 0, to: &output)
        output += "\n"
        return output
    }

    /// Xcode's key order: case-insensitive (`_storefront` before `_storeKitErrors`), then by bytes.
    public static func areInXcodeOrder(_ lhs: String, _ rhs: String) -> Bool {
        let (left, right) = (lhs.lowercased(), rhs.lowercased())
        return left != right ? Array(left.utf8).lexicographicallyPrecedes(right.utf8) : lhs < rhs
    }

    private func write(_ value: JSONValue, indent: Int, to output: inout String) {
        switch value {
        case .null: output += "null"
        case .bool(let flag): output += flag ? "true" : "false"
        case .number(let text): output += text
        case .string(let text): writeString(text, to: &output)
        case .array(let elements):
            writeContainer("[", "]", count: elements.count, indent: indent, to: &output) { index, output in
                write(elements[index], indent: indent + 2, to: &output)
            }
        case .object(let members):
            let keys = members.keys.sorted(by: Self.areInXcodeOrder)
            writeContainer("{", "}", count: keys.count, indent: indent, to: &output) { index, output in
                writeString(keys[index], to: &output)
                output += " : "
                write(members[keys[index]]!, indent: indent + 2, to: &output)
            }
        }
    }

    private func writeContainer(
        _ open: String, _ close: String, count: Int, indent: Int, to output: inout String,
        element: (Int, inout String) -> Void
    ) {
        let inner = String(repeating: " ", count: indent + 2)
        output += open + "\n"
        if count == 0 { output += "\n" }
        for index in 0..<count {
            output += inner
            element(index, &output)
            output += index + 1 < count ? ",\n" : "\n"
        }
        output += String(repeating: " ", count: indent) + close
    }

    private func writeString(_ text: String, to output: inout String) {
        output += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "\u{08}": output += "\\b"
            case "\u{0C}": output += "\\f"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }
}

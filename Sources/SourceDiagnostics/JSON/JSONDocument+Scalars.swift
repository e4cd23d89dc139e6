extension JSONDocument {
    /// The decoded text of a string value, or nil for anything else.
    public func string(_ node: Node) -> String? {
        let value = nodes[node]
        guard value.kind == .string else { return nil }
        return bytes.withUnsafeBufferPointer { buffer in
            let body = UnsafeBufferPointer(rebasing: buffer[Int(value.start) + 1..<Int(value.end) - 1])
            // The parser validated the UTF-8, so decoding cannot substitute anything.
            return value.hasEscapes ? Self.unescape(body) : String(decoding: body, as: UTF8.self)
        }
    }

    /// The value of `true` or `false`, or nil for anything else.
    public func bool(_ node: Node) -> Bool? {
        let value = nodes[node]
        guard value.kind == .bool else { return nil }
        return bytes[Int(value.start)] == UInt8(ascii: "t")
    }

    /// The value of a number written as an integer (no fraction, no exponent) that fits an
    /// `Int`, or nil.
    public func int(_ node: Node) -> Int? {
        let value = nodes[node]
        guard value.kind == .number else { return nil }
        var index = Int(value.start)
        let end = Int(value.end)
        let negative = bytes[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        var result = 0
        while index < end {
            let digit = bytes[index] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            let (times, overflow1) = result.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times.addingReportingOverflow(Int(digit))
            guard !overflow1, !overflow2 else { return nil }
            result = sum
            index += 1
        }
        return negative ? -result : result
    }

    /// The value of any number, or nil for anything else.
    public func double(_ node: Node) -> Double? {
        guard nodes[node].kind == .number else { return nil }
        return Double(rawText(of: node))
    }

    /// Decodes a string body holding escapes; the parser already checked their syntax.
    static func unescape(_ body: UnsafeBufferPointer<UInt8>) -> String {
        var scalars = String.UnicodeScalarView()
        var utf8: [UInt8] = []
        var index = 0
        func flush() {
            if !utf8.isEmpty {
                scalars.append(contentsOf: String(decoding: utf8, as: UTF8.self).unicodeScalars)
            }
            utf8.removeAll(keepingCapacity: true)
        }
        while index < body.count {
            let byte = body[index]
            guard byte == UInt8(ascii: "\\") else {
                utf8.append(byte)
                index += 1
                continue
            }
            flush()
            let code = body[index + 1]
            index += 2
            switch code {
            case UInt8(ascii: "b"): scalars.append("\u{08}")
            case UInt8(ascii: "f"): scalars.append("\u{0C}")
            case UInt8(ascii: "n"): scalars.append("\n")
            case UInt8(ascii: "r"): scalars.append("\r")
            case UInt8(ascii: "t"): scalars.append("\t")
            case UInt8(ascii: "u"):
                var unit = hex4(body, at: index)
                index += 4
                // A high surrogate followed by \u low surrogate forms one scalar.
                if (0xD800..<0xDC00).contains(unit), index + 6 <= body.count,
                    body[index] == UInt8(ascii: "\\"),
                    body[index + 1] == UInt8(ascii: "u")
                {
                    let low = hex4(body, at: index + 2)
                    if (0xDC00..<0xE000).contains(low) {
                        unit = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
                        index += 6
                    }
                }
                scalars.append(Unicode.Scalar(unit) ?? "\u{FFFD}")
            default: scalars.append(Unicode.Scalar(code))
            }
        }
        flush()
        return String(scalars)
    }

    private static func hex4(_ body: UnsafeBufferPointer<UInt8>, at index: Int) -> UInt32 {
        (0..<4).reduce(0) { $0 << 4 | (hexValue(body[index + $1]) ?? 0) }
    }
}

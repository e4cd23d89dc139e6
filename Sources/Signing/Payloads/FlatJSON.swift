/// A flat JSON object read in one pass: its members are strings, integers, booleans or null.
///
/// The hot reads (a transaction's payload each time an account is read back from the ledger)
/// parse with this instead of `JSONDecoder`, which costs tens of microseconds a payload on
/// Linux. It reads only the plainest documents, the kind Kiosk writes: anything else (a nested
/// value, a fraction or exponent, an escape in a string, a duplicate key, invalid UTF-8) makes
/// it give up, and the caller decodes with `JSONDecoder`, which accepts or rejects exactly as
/// before. A document is never read differently, only sooner.
enum FlatJSON {
    enum Value: Equatable {
        case string(String)
        case integer(Int64)
        case bool(Bool)
        case null
    }

    /// The object's members in document order, or nil when it is not a plain flat object.
    static func members(of bytes: [UInt8]) -> [(key: String, value: Value)]? {
        bytes.withUnsafeBufferPointer { buffer in
            var reader = Reader(bytes: buffer)
            return reader.object()
        }
    }

    private struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0

        mutating func object() -> [(key: String, value: Value)]? {
            skipSpace()
            guard take(UInt8(ascii: "{")) else { return nil }
            var members: [(key: String, value: Value)] = []
            members.reserveCapacity(32)
            skipSpace()
            if take(UInt8(ascii: "}")) { return end(members) }
            while true {
                skipSpace()
                guard let key = string() else { return nil }
                skipSpace()
                guard take(UInt8(ascii: ":")) else { return nil }
                skipSpace()
                guard let value = value() else { return nil }
                members.append((key, value))
                skipSpace()
                if take(UInt8(ascii: ",")) { continue }
                guard take(UInt8(ascii: "}")) else { return nil }
                return end(members)
            }
        }

        /// The members, if only white space follows the object.
        private mutating func end(_ members: [(key: String, value: Value)]) -> [(key: String, value: Value)]?
        {
            skipSpace()
            return index == bytes.count ? members : nil
        }

        private mutating func value() -> Value? {
            guard index < bytes.count else { return nil }
            switch bytes[index] {
            case UInt8(ascii: "\""): return string().map(Value.string)
            case UInt8(ascii: "t"): return literal("true") ? .bool(true) : nil
            case UInt8(ascii: "f"): return literal("false") ? .bool(false) : nil
            case UInt8(ascii: "n"): return literal("null") ? .null : nil
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return integer().map(Value.integer)
            default: return nil
            }
        }

        /// A string without escapes or control characters, valid UTF-8.
        private mutating func string() -> String? {
            guard take(UInt8(ascii: "\"")) else { return nil }
            let start = index
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    let text = String(validating: bytes[start..<index], as: UTF8.self)
                    index += 1
                    return text
                }
                if byte == UInt8(ascii: "\\") || byte < 0x20 { return nil }
                index += 1
            }
            return nil
        }

        /// An integer as JSON writes one (no leading zero, no fraction or exponent) that fits.
        private mutating func integer() -> Int64? {
            let negative = take(UInt8(ascii: "-"))
            let start = index
            var magnitude: UInt64 = 0
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
                let (times, overflow) = magnitude.multipliedReportingOverflow(by: 10)
                let (sum, carry) = times.addingReportingOverflow(UInt64(bytes[index] - UInt8(ascii: "0")))
                guard !overflow, !carry else { return nil }
                magnitude = sum
                index += 1
            }
            let digits = index - start
            guard digits > 0, digits == 1 || bytes[start] != UInt8(ascii: "0") else { return nil }
            if index < bytes.count,
                [UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E")].contains(bytes[index])
            {
                return nil
            }
            if negative {
                guard magnitude <= UInt64(Int64.max) + 1 else { return nil }
                return magnitude == UInt64(Int64.max) + 1 ? Int64.min : -Int64(magnitude)
            }
            return magnitude <= UInt64(Int64.max) ? Int64(magnitude) : nil
        }

        private mutating func literal(_ word: StaticString) -> Bool {
            let count = word.utf8CodeUnitCount
            guard index + count <= bytes.count else { return false }
            for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] { return false }
            index += count
            return true
        }

        private mutating func take(_ byte: UInt8) -> Bool {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }

        private mutating func skipSpace() {
            while index < bytes.count,
                [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r")].contains(
                    bytes[index])
            {
                index += 1
            }
        }
    }
}

/// A payload that can be read from a flat JSON object without `JSONDecoder`.
protocol FlatJSONDecodable {
    /// The payload, or nil when the caller must decode with `JSONDecoder` (the members hold
    /// something this reader does not decide, such as a value of the wrong type).
    init?(flatJSON members: [(key: String, value: FlatJSON.Value)])
}

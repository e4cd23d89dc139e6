import Foundation
import StoreCore

/// The JSON conventions of the wire protocol (docs/openapi.yaml): dates as integer
/// milliseconds since 1970, as Apple's signed payloads, and sorted keys so bodies are stable.
public enum WireCoding {
    public static func encode(_ value: some Encodable) -> [UInt8] {
        if let fast = fastEncode(value) { return fast }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Whole milliseconds, as the spec says: `.millisecondsSince1970` writes a Double,
        // which prints as a fraction whenever the product is not exact.
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(milliseconds(date))
        }
        // A non-finite number (`advanceClock(seconds: .nan)`) is written as a string the
        // decoder reads back, so the receiver refuses it by name instead of this sending `{}`.
        encoder.nonConformingFloatEncodingStrategy = nonFiniteNumbers
        // With that, every wire value is plain data (numbers, strings, dates as integers): the
        // encoder has nothing left to refuse, and the `{}` fallback is never sent.
        return Array((try? encoder.encode(value)) ?? Data("{}".utf8))
    }

    private static let nonFiniteNumbers: JSONEncoder.NonConformingFloatEncodingStrategy =
        .convertToString(positiveInfinity: "Infinity", negativeInfinity: "-Infinity", nan: "NaN")
    private static let nonFiniteNumbersDecoded: JSONDecoder.NonConformingFloatDecodingStrategy =
        .convertFromString(positiveInfinity: "Infinity", negativeInfinity: "-Infinity", nan: "NaN")

    /// `date` in whole milliseconds since 1970, clamped to what an Int64 holds.
    public static func milliseconds(_ date: Date) -> Int64 {
        let value = (date.timeIntervalSince1970 * 1000).rounded()
        if let exact = Int64(exactly: value) { return exact }
        return value > 0 ? .max : (value < 0 ? .min : 0)
    }

    /// Reads `T` from JSON, or throws a 400 that names the field and the JSON expected there in
    /// the API's terms, with the whole shape when `T` is a body (`WireShaped`); never a Swift
    /// type's name (issue 38).
    public static func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8]) throws(StoreError) -> T {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .millisecondsSince1970
        decoder.nonConformingFloatDecodingStrategy = nonFiniteNumbersDecoded
        do {
            return try decoder.decode(type, from: Data(bytes))
        } catch {
            let shape = (T.self as? any WireShaped.Type).map { "; send \($0.jsonShape)" } ?? ""
            throw StoreError.invalidArgument("malformed JSON body: \(describe(error, in: bytes))\(shape)")
        }
    }

    /// What is wrong with `bytes` that `error` (a `JSONDecoder`'s) refused, by the field's path
    /// (`options.quantity`) and JSON kinds: for every JSON body the servers read.
    public static func describe(_ error: any Error, in bytes: [UInt8]) -> String {
        guard let error = error as? DecodingError else { return "it cannot be read" }
        func field(_ path: [any CodingKey]) -> String {
            path.isEmpty ? "the body" : "field '" + path.map(\.stringValue).joined(separator: ".") + "'"
        }
        switch error {
        case .keyNotFound(let key, let context):
            return "missing field '" + (context.codingPath + [key]).map(\.stringValue).joined(separator: ".")
                + "'"
        case .typeMismatch(let type, let context), .valueNotFound(let type, let context):
            let found = WireFound.kind(at: context.codingPath, in: bytes)
            return "\(field(context.codingPath)) must be \(WireFound.expected(type))"
                + (found.map { ", not \($0)" } ?? "")
        case .dataCorrupted(let context):
            guard let found = WireFound.kind(at: context.codingPath, in: bytes) else {
                return context.codingPath.isEmpty
                    ? "the body is not JSON" : "\(field(context.codingPath)) is unreadable"
            }
            return "\(field(context.codingPath)) holds \(found) it does not take"
        @unknown default: return "it cannot be read"
        }
    }
}

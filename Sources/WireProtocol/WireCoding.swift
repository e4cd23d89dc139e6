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

    public static func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8]) throws(StoreError) -> T {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .millisecondsSince1970
        decoder.nonConformingFloatDecodingStrategy = nonFiniteNumbersDecoded
        do {
            return try decoder.decode(type, from: Data(bytes))
        } catch {
            throw StoreError.invalidArgument("malformed \(T.self) JSON: \(Self.describe(error))")
        }
    }

    private static func describe(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "\(error)" }
        switch error {
        case .keyNotFound(let key, _): return "missing field '\(key.stringValue)'"
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            let path = context.codingPath.map(\.stringValue).joined(separator: ".")
            return path.isEmpty ? context.debugDescription : "\(path): \(context.debugDescription)"
        @unknown default: return "\(error)"
        }
    }
}

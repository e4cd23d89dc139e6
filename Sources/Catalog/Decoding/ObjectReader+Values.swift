import SourceDiagnostics
import StoreCore

extension ObjectReader {
    /// A string that must be one of an enum's raw values; anything else is an error
    /// (Xcode rejects the whole file over one bad enum value).
    mutating func enumeration<E: RawRepresentable & CaseIterable>(
        _ key: Key, as type: E.Type, noun: String, required: Bool = false
    ) -> E? where E.RawValue == String {
        guard let value = present(key, required: required) else { return nil }
        return decodeEnumeration(value, as: type, noun: noun)
    }

    /// Checks one string node against an enum's raw values.
    func decodeEnumeration<E: RawRepresentable & CaseIterable>(
        _ value: JSONDocument.Node, as type: E.Type, noun: String
    )
        -> E? where E.RawValue == String
    {
        guard let text = document.string(value) else {
            mismatch(value, expected: .string)
            return nil
        }
        if let result = E(rawValue: text) { return result }
        context.error(
            Self.invalidChoiceMessage(text, noun: noun, choices: E.allCases.map(\.rawValue)), at: value)
        return nil
    }

    /// `"freeTrial" is not a valid payment mode; use one of: free, payAsYouGo, payUpFront`.
    static func invalidChoiceMessage(_ text: String, noun: String, choices: [String]) -> String {
        "\"\(text)\" is not a valid \(noun); use one of: \(choices.joined(separator: ", "))"
    }

    /// An ISO 8601 period such as `P1M`.
    mutating func period(_ key: Key, required: Bool = false) -> SubscriptionPeriod? {
        guard let value = present(key, required: required) else { return nil }
        guard let text = document.string(value) else {
            mismatch(value, expected: .string)
            return nil
        }
        guard let period = SubscriptionPeriod(iso8601: text) else {
            context.error(
                "\"\(text)\" is not a period; write P, a number and one of D, W, M, Y, such as P3D, P1W, P1M or P1Y",
                at: value)
            return nil
        }
        return period
    }

    /// A price string such as `"9.99"`.
    mutating func price(_ key: Key, required: Bool = false) -> CatalogPrice? {
        guard let value = present(key, required: required) else { return nil }
        guard let text = document.string(value) else {
            let hint =
                document.kind(of: value) == .number
                ? "; prices are strings, write \"\(document.rawText(of: value))\"" : ""
            mismatch(value, expected: .string, hint: hint)
            return nil
        }
        guard let price = CatalogPrice(text) else {
            context.error(
                "\"\(text)\" is not a price; write digits with an optional '.' decimal point and no currency, such as \"9.99\"",
                at: value)
            return nil
        }
        return price
    }

    /// Decodes an optional object member with `decode`.
    mutating func object<T>(_ key: Key, _ decode: (DecodingContext, JSONDocument.Node) -> T?) -> T? {
        present(key).flatMap { decode(context, $0) }
    }
}

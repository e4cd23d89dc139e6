import Foundation

/// A price as a `.storekit` file writes it: a decimal string in the storefront's currency
/// with no symbol (`"0.99"`, `"29"`, `"0.5"`).
///
/// Keeps the text so a re-encoded catalog shows the digits its author wrote (`"6.00"` stays
/// `"6.00"`), and the `Decimal` value for arithmetic. Never goes through `Double`.
public struct CatalogPrice: Sendable, Hashable, CustomStringConvertible {
    /// The price as written.
    public let text: String
    /// The exact value.
    public let value: Decimal

    /// Parses digits with an optional `.` and fraction digits; nil for anything else
    /// (`"9,99"`, `"$1"`, `"-1"`, `"1e3"`, `""`).
    public init?(_ text: String) {
        var integerDigits = 0
        var fractionDigits = 0
        var sawDot = false
        var significand: UInt64 = 0
        for byte in text.utf8 {
            if byte == UInt8(ascii: ".") {
                guard !sawDot, integerDigits > 0 else { return nil }
                sawDot = true
                continue
            }
            let digit = byte &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            if sawDot { fractionDigits += 1 } else { integerDigits += 1 }
            significand = significand &* 10 &+ UInt64(digit)
        }
        guard integerDigits > 0, !sawDot || fractionDigits > 0 else { return nil }
        self.text = text
        if integerDigits + fractionDigits <= 18 {
            value = Decimal(sign: .plus, exponent: -fractionDigits, significand: Decimal(significand))
        } else {
            // Too many digits for the fast path (never seen in a real catalog).
            guard let exact = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) else {
                return nil
            }
            value = exact
        }
    }

    /// A price from a value, written with Decimal's plain notation (`9.99`).
    public init(_ value: Decimal) {
        self.value = value
        self.text = value.description
    }

    public var description: String { text }
}

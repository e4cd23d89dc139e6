/// Apple's `struct OSLogIntegerFormatting`: how an interpolated integer is written
/// (`\(id, format: .hex)`, `\(count, format: .decimal(minDigits: 3))`).
public struct OSLogIntegerFormatting: Equatable, Sendable {
    let radix: Int
    let explicitPositiveSign: Bool
    let includePrefix: Bool
    let uppercase: Bool
    let minDigits: Int

    public static var decimal: OSLogIntegerFormatting { .decimal() }
    public static var hex: OSLogIntegerFormatting { .hex() }
    public static var octal: OSLogIntegerFormatting { .octal() }

    public static func decimal(explicitPositiveSign: Bool = false) -> OSLogIntegerFormatting {
        OSLogIntegerFormatting(
            radix: 10, explicitPositiveSign: explicitPositiveSign, includePrefix: false, uppercase: false,
            minDigits: 0)
    }

    public static func decimal(
        explicitPositiveSign: Bool = false, minDigits: @autoclosure @escaping () -> Int
    ) -> OSLogIntegerFormatting {
        OSLogIntegerFormatting(
            radix: 10, explicitPositiveSign: explicitPositiveSign, includePrefix: false, uppercase: false,
            minDigits: minDigits())
    }

    public static func hex(
        explicitPositiveSign: Bool = false, includePrefix: Bool = false, uppercase: Bool = false
    ) -> OSLogIntegerFormatting {
        OSLogIntegerFormatting(
            radix: 16, explicitPositiveSign: explicitPositiveSign, includePrefix: includePrefix,
            uppercase: uppercase, minDigits: 0)
    }

    public static func hex(
        explicitPositiveSign: Bool = false, includePrefix: Bool = false, uppercase: Bool = false,
        minDigits: @autoclosure @escaping () -> Int
    ) -> OSLogIntegerFormatting {
        OSLogIntegerFormatting(
            radix: 16, explicitPositiveSign: explicitPositiveSign, includePrefix: includePrefix,
            uppercase: uppercase, minDigits: minDigits())
    }

    public static func octal(
        explicitPositiveSign: Bool = false, includePrefix: Bool = false, uppercase: Bool = false
    ) -> OSLogIntegerFormatting {
        OSLogIntegerFormatting(
            radix: 8, explicitPositiveSign: explicitPositiveSign, includePrefix: includePrefix,
            uppercase: uppercase, minDigits: 0)
    }

    public static func octal(
        explicitPositiveSign: Bool = false, includePrefix: Bool = false, uppercase: Bool = false,
        minDigits: @autoclosure @escaping () -> Int
    ) -> OSLogIntegerFormatting {
        OSLogIntegerFormatting(
            radix: 8, explicitPositiveSign: explicitPositiveSign, includePrefix: includePrefix,
            uppercase: uppercase, minDigits: minDigits())
    }

    /// `number` in this radix: sign, prefix (`0x`, `0o`), then at least `minDigits` digits.
    func formatting<T: FixedWidthInteger>(_ number: T) -> String {
        var digits = String(number.magnitude, radix: radix, uppercase: uppercase)
        if digits.count < minDigits {
            digits = String(repeating: "0", count: minDigits - digits.count) + digits
        }
        let prefix = includePrefix ? (radix == 16 ? "0x" : radix == 8 ? "0o" : "") : ""
        let sign = number < 0 ? "-" : explicitPositiveSign ? "+" : ""
        return sign + prefix + digits
    }
}

import Foundation

/// Apple's `struct OSLogFloatFormatting`: how an interpolated floating-point value is written,
/// as fprintf's `%f` (`.fixed`, Apple's default), `%a` (`.hex`), `%e` (`.exponential`) or `%g`
/// (`.hybrid`), with an optional precision (`\(price, format: .fixed(precision: 2))`).
public struct OSLogFloatFormatting: Equatable, Sendable {
    let conversion: Character
    let precision: Int?
    let explicitPositiveSign: Bool
    let uppercase: Bool

    public static var fixed: OSLogFloatFormatting { .fixed() }
    public static var hex: OSLogFloatFormatting { .hex() }
    public static var exponential: OSLogFloatFormatting { .exponential() }
    public static var hybrid: OSLogFloatFormatting { .hybrid() }

    public static func fixed(explicitPositiveSign: Bool = false, uppercase: Bool = false) -> Self {
        Self(
            conversion: "f", precision: nil, explicitPositiveSign: explicitPositiveSign, uppercase: uppercase)
    }

    public static func fixed(
        precision: @autoclosure @escaping () -> Int, explicitPositiveSign: Bool = false,
        uppercase: Bool = false
    ) -> Self {
        Self(
            conversion: "f", precision: precision(), explicitPositiveSign: explicitPositiveSign,
            uppercase: uppercase)
    }

    public static func hex(explicitPositiveSign: Bool = false, uppercase: Bool = false) -> Self {
        Self(
            conversion: "a", precision: nil, explicitPositiveSign: explicitPositiveSign, uppercase: uppercase)
    }

    public static func exponential(explicitPositiveSign: Bool = false, uppercase: Bool = false) -> Self {
        Self(
            conversion: "e", precision: nil, explicitPositiveSign: explicitPositiveSign, uppercase: uppercase)
    }

    public static func exponential(
        precision: @autoclosure @escaping () -> Int, explicitPositiveSign: Bool = false,
        uppercase: Bool = false
    ) -> Self {
        Self(
            conversion: "e", precision: precision(), explicitPositiveSign: explicitPositiveSign,
            uppercase: uppercase)
    }

    public static func hybrid(explicitPositiveSign: Bool = false, uppercase: Bool = false) -> Self {
        Self(
            conversion: "g", precision: nil, explicitPositiveSign: explicitPositiveSign, uppercase: uppercase)
    }

    public static func hybrid(
        precision: @autoclosure @escaping () -> Int, explicitPositiveSign: Bool = false,
        uppercase: Bool = false
    ) -> Self {
        Self(
            conversion: "g", precision: precision(), explicitPositiveSign: explicitPositiveSign,
            uppercase: uppercase)
    }

    /// `number` as the printf conversion this formatting names.
    func formatting(_ number: Double) -> String {
        let sign = explicitPositiveSign ? "+" : ""
        let digits = precision.map { ".\($0)" } ?? ""
        let letter = uppercase ? conversion.uppercased() : String(conversion)
        return String(format: "%\(sign)\(digits)\(letter)", number)
    }
}

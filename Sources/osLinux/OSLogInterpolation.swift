import Foundation

/// Apple's `struct OSLogInterpolation`: how `OSLogMessage` and `SignpostMetadata` write each
/// interpolated value. Overloads follow Apple's "Message Argument Formatters": strings and
/// `CustomStringConvertible` with `align:`, integers with `format: OSLogIntegerFormatting`,
/// floating point with `format: OSLogFloatFormatting`, `Bool` with `format: OSLogBoolFormat`;
/// `privacy:` on each is accepted and not applied (see `OSLogPrivacy`).
public struct OSLogInterpolation: StringInterpolationProtocol, Sendable {
    var text = ""

    public init(literalCapacity: Int, interpolationCount: Int) { text.reserveCapacity(literalCapacity) }
    public mutating func appendLiteral(_ literal: String) { text += literal }

    /// A string, padded to `align`'s columns.
    public mutating func appendInterpolation(
        _ argumentString: @autoclosure @escaping () -> String, align: OSLogStringAlignment = .none,
        privacy: OSLogPrivacy = .auto
    ) {
        text += align.aligning(argumentString())
    }

    /// A value as its `description`, padded to `align`'s columns.
    public mutating func appendInterpolation<T: CustomStringConvertible>(
        _ value: @autoclosure @escaping () -> T, align: OSLogStringAlignment = .none,
        privacy: OSLogPrivacy = .auto
    ) {
        text += align.aligning(value().description)
    }

    /// An integer in `format` (decimal unless told), padded to `align`'s columns.
    public mutating func appendInterpolation<T: FixedWidthInteger>(
        _ number: @autoclosure @escaping () -> T, format: OSLogIntegerFormatting = .decimal,
        align: OSLogStringAlignment = .none, privacy: OSLogPrivacy = .auto
    ) {
        text += align.aligning(format.formatting(number()))
    }

    /// A `Double` in `format` (`%g`-like unless told), padded to `align`'s columns.
    public mutating func appendInterpolation(
        _ number: @autoclosure @escaping () -> Double, format: OSLogFloatFormatting = .fixed,
        align: OSLogStringAlignment = .none, privacy: OSLogPrivacy = .auto
    ) {
        text += align.aligning(format.formatting(number()))
    }

    /// A `Float` in `format`, padded to `align`'s columns.
    public mutating func appendInterpolation(
        _ number: @autoclosure @escaping () -> Float, format: OSLogFloatFormatting = .fixed,
        align: OSLogStringAlignment = .none, privacy: OSLogPrivacy = .auto
    ) {
        text += align.aligning(format.formatting(Double(number())))
    }

    /// A `Bool` as `true`/`false` (`.truth`) or `yes`/`no` (`.answer`).
    public mutating func appendInterpolation(
        _ boolean: @autoclosure @escaping () -> Bool, format: OSLogBoolFormat = .truth,
        privacy: OSLogPrivacy = .auto
    ) {
        text += format.formatting(boolean())
    }

    /// An `NSObject` as its `description`, as Apple's `%@` writes it.
    public mutating func appendInterpolation(
        _ argumentObject: @autoclosure @escaping () -> NSObject, privacy: OSLogPrivacy = .auto
    ) {
        text += argumentObject().description
    }

    /// A metatype by its name, as Apple's `Any.Type` overload writes it.
    public mutating func appendInterpolation(
        _ value: @autoclosure @escaping () -> any Any.Type, privacy: OSLogPrivacy = .auto
    ) {
        text += String(describing: value())
    }

    /// Anything else (an error, an enum without a description), as `String(describing:)` writes it.
    /// Apple's has no such overload; Kiosk keeps it so a message that compiles there never fails here.
    @_disfavoredOverload
    public mutating func appendInterpolation<Value>(
        _ value: @autoclosure () -> Value, privacy: OSLogPrivacy = .auto
    ) {
        text += String(describing: value())
    }
}

import Foundation

// Apple's `String(localized:)` and `String.LocalizationValue` (iOS 15), which Linux's Foundation
// does not have (tried with Swift 6.3: "no exact matches in call to initializer"). Purchase code
// writes its error messages with them, so `kiosk xctest` imports this module for the modules
// that use them (docs/xctest.md). The text is looked up in the bundle's `.strings` tables as
// Apple's is; a project's string catalog (`.xcstrings`) is compiled by Xcode, not here, so
// without a `.strings` table the text is the key with its arguments: the development
// language's, as Apple shows it when a translation is missing.

extension String {
    /// Apple's `String.LocalizationValue`: a key written as a literal, its interpolations the
    /// format's arguments (`"\(count) products"` is the key `%lld products`).
    public struct LocalizationValue: Equatable, Hashable, Sendable, ExpressibleByStringInterpolation {
        /// The key as the strings table holds it (`%@` and `%lld` for the interpolations).
        public let key: String
        let arguments: [String]

        public init(_ value: String) {
            key = value
            arguments = []
        }

        public init(stringLiteral value: String) { self.init(value) }

        public init(stringInterpolation: StringInterpolation) {
            key = stringInterpolation.key
            arguments = stringInterpolation.arguments
        }

        /// Apple's interpolation of a localization value: each value becomes a format
        /// specifier in the key and an argument.
        public struct StringInterpolation: StringInterpolationProtocol, Sendable {
            var key = ""
            var arguments: [String] = []

            public init(literalCapacity: Int, interpolationCount: Int) {}

            public mutating func appendLiteral(_ literal: String) {
                key += literal.replacingOccurrences(of: "%", with: "%%")
            }

            public mutating func appendInterpolation<T: BinaryInteger>(_ value: T) {
                key += "%lld"
                arguments.append(String(value))
            }

            public mutating func appendInterpolation<T: BinaryFloatingPoint>(_ value: T) {
                key += "%f"
                arguments.append(String(describing: Double(value)))
            }

            public mutating func appendInterpolation(_ value: String) {
                key += "%@"
                arguments.append(value)
            }

            public mutating func appendInterpolation<T>(_ value: T) {
                key += "%@"
                arguments.append(String(describing: value))
            }
        }

        /// The text: the table's translation of the key (or the default value), with the
        /// arguments in place of their specifiers.
        func resolved(default defaultValue: LocalizationValue?, table: String?, bundle: Bundle?) -> String {
            let fallback = defaultValue ?? self
            let format = (bundle ?? .main).localizedString(
                forKey: key, value: fallback.key, table: table)
            // A key without interpolations is text, not a format ("100% off").
            guard !arguments.isEmpty else { return format }
            var output = ""
            var next = arguments.makeIterator()
            var index = format.startIndex
            while index < format.endIndex {
                let character = format[index]
                index = format.index(after: index)
                guard character == "%", index < format.endIndex else {
                    output.append(character)
                    continue
                }
                if format[index] == "%" {
                    output.append("%")
                    index = format.index(after: index)
                    continue
                }
                // A specifier (`%@`, `%lld`, `%f`, `%1$@`): its argument, in order.
                while index < format.endIndex, !"@dDiuUxXoOfeEgGcsp".contains(format[index]) {
                    index = format.index(after: index)
                }
                if index < format.endIndex { index = format.index(after: index) }
                output += next.next() ?? ""
            }
            return output
        }
    }

    /// Apple's `init(localized:table:bundle:locale:comment:)`.
    public init(
        localized keyAndValue: LocalizationValue, table: String? = nil, bundle: Bundle? = nil,
        locale: Locale = .current, comment: StaticString? = nil
    ) {
        self = keyAndValue.resolved(default: nil, table: table, bundle: bundle)
    }

    /// Apple's `init(localized:defaultValue:table:bundle:locale:comment:)`.
    public init(
        localized key: StaticString, defaultValue: LocalizationValue, table: String? = nil,
        bundle: Bundle? = nil,
        locale: Locale = .current, comment: StaticString? = nil
    ) {
        self = LocalizationValue("\(key)").resolved(default: defaultValue, table: table, bundle: bundle)
    }
}

import Foundation

/// A subscription or offer period such as one week or three months, as StoreKit's
/// `Product.SubscriptionPeriod`. Parsed from the ISO 8601 durations `.storekit` files use
/// (`P3D`, `P1W`, `P2W`, `P1M`, `P2M`, `P3M`, `P6M`, `P1Y`).
public struct SubscriptionPeriod: Sendable, Hashable, Codable, CustomStringConvertible {
    public enum Unit: String, Sendable, Hashable, Codable, CaseIterable, Comparable {
        case day, week, month, year

        /// The ISO 8601 designator.
        public var designator: Character {
            switch self {
            case .day: "D"
            case .week: "W"
            case .month: "M"
            case .year: "Y"
            }
        }

        /// Approximate length in days, used only to order and compare periods.
        public var approximateDays: Double {
            switch self {
            case .day: 1
            case .week: 7
            case .month: 30.436875
            case .year: 365.2425
            }
        }

        public static func < (lhs: Unit, rhs: Unit) -> Bool { lhs.approximateDays < rhs.approximateDays }
    }

    /// How many units make one period (always at least 1).
    public let value: Int
    public let unit: Unit

    public init(value: Int, unit: Unit) {
        precondition(value > 0, "a subscription period has at least one unit")
        self.value = value
        self.unit = unit
    }

    /// Parses an ISO 8601 duration with exactly one date component (`P1M`, `P7D`).
    /// Returns nil for anything else, so callers can report the value they were given.
    public init?(iso8601 text: String) {
        var scalars = Substring(text)
        guard scalars.first == "P" else { return nil }
        scalars = scalars.dropFirst()
        guard let last = scalars.last,
            let unit = Unit.allCases.first(where: { $0.designator == last })
        else { return nil }
        let digits = scalars.dropLast()
        guard !digits.isEmpty, digits.count <= 4, digits.allSatisfy(\.isASCIIDigit),
            let value = Int(digits), value > 0
        else { return nil }
        self.init(value: value, unit: unit)
    }

    /// The ISO 8601 form, as written in `.storekit` files and in Apple's `offerPeriod`.
    public var iso8601: String { "P\(value)\(unit.designator)" }

    public var description: String { iso8601 }

    /// Approximate length in days, for ordering and per-day price comparisons.
    public var approximateDays: Double { Double(value) * unit.approximateDays }

    /// The same period expressed in months when it is a whole number of them (P1Y -> 12).
    public var wholeMonths: Int? {
        switch unit {
        case .month: value
        case .year: value * 12
        case .day, .week: nil
        }
    }

    /// The date one period after `date`, in the Gregorian calendar in UTC, the way the App
    /// Store advances renewal dates (a month after January 31 is the end of February).
    public func advance(_ date: Date, by count: Int = 1) -> Date {
        let component: Calendar.Component
        var amount = value * count
        switch unit {
        case .day: component = .day
        case .week:
            component = .day
            amount *= 7
        case .month: component = .month
        case .year: component = .year
        }
        return Self.calendar.date(byAdding: component, value: amount, to: date) ?? date
    }

    private static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let period = SubscriptionPeriod(iso8601: text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "'\(text)' is not an ISO 8601 period such as P1M")
        }
        self = period
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(iso8601)
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}

import Foundation

/// How fast subscription time runs, as `SKTestSession.TimeRate`. Raw values are the
/// `_timeRate` integers Xcode writes into `.storekit` files (`settings._timeRate`).
public enum TimeRate: Int, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
    case realTime = 0
    case oneHourIsOneDay = 1
    case thirtyMinutesIsOneDay = 2
    case fiveMinutesIsOneDay = 3
    case oneMinuteIsOneDay = 4
    case thirtySecondsIsOneDay = 5
    case oneSecondIsOneDay = 6
    case monthlyRenewalEveryHour = 10
    case monthlyRenewalEveryThirtyMinutes = 11
    case monthlyRenewalEveryFifteenMinutes = 12
    case monthlyRenewalEveryFiveMinutes = 13
    case monthlyRenewalEveryThirtySeconds = 15
    case oneRenewalEveryFifteenMinutes = 1000
    case oneRenewalEveryFiveMinutes = 1001
    case oneRenewalEveryMinute = 1002
    case oneRenewalEveryThirtySeconds = 1003
    case oneRenewalEveryTenSeconds = 1004
    case oneRenewalEveryTwoSeconds = 1005

    /// How many store seconds pass per wall-clock second, for the day-based rates. Nil for
    /// the monthly and fixed rates, whose lengths come from Apple's tables instead
    /// (`renewalInterval(for:)`).
    public var speedup: Double? {
        let day = 86_400.0
        switch self {
        case .realTime: return 1
        case .oneHourIsOneDay: return day / 3_600
        case .thirtyMinutesIsOneDay: return day / 1_800
        case .fiveMinutesIsOneDay: return day / 300
        case .oneMinuteIsOneDay: return day / 60
        case .thirtySecondsIsOneDay: return day / 30
        case .oneSecondIsOneDay: return day
        default: return nil
        }
    }

    /// For the fixed rates: the wall-clock seconds after which every period renews.
    public var fixedRenewalInterval: TimeInterval? {
        switch self {
        case .oneRenewalEveryFifteenMinutes: 900
        case .oneRenewalEveryFiveMinutes: 300
        case .oneRenewalEveryMinute: 60
        case .oneRenewalEveryThirtySeconds: 30
        case .oneRenewalEveryTenSeconds: 10
        case .oneRenewalEveryTwoSeconds: 2
        default: nil
        }
    }

    /// The day-based rates were deprecated in iOS 15.2 (still honoured, as Xcode does).
    public var isDeprecated: Bool { (1...6).contains(rawValue) }

    public var description: String {
        switch self {
        case .realTime: "real time"
        case .oneHourIsOneDay: "1 hour is 1 day"
        case .thirtyMinutesIsOneDay: "30 minutes is 1 day"
        case .fiveMinutesIsOneDay: "5 minutes is 1 day"
        case .oneMinuteIsOneDay: "1 minute is 1 day"
        case .thirtySecondsIsOneDay: "30 seconds is 1 day"
        case .oneSecondIsOneDay: "1 second is 1 day"
        case .monthlyRenewalEveryHour: "monthly renewal every hour"
        case .monthlyRenewalEveryThirtyMinutes: "monthly renewal every 30 minutes"
        case .monthlyRenewalEveryFifteenMinutes: "monthly renewal every 15 minutes"
        case .monthlyRenewalEveryFiveMinutes: "monthly renewal every 5 minutes"
        case .monthlyRenewalEveryThirtySeconds: "monthly renewal every 30 seconds"
        case .oneRenewalEveryFifteenMinutes: "one renewal every 15 minutes"
        case .oneRenewalEveryFiveMinutes: "one renewal every 5 minutes"
        case .oneRenewalEveryMinute: "one renewal every minute"
        case .oneRenewalEveryThirtySeconds: "one renewal every 30 seconds"
        case .oneRenewalEveryTenSeconds: "one renewal every 10 seconds"
        case .oneRenewalEveryTwoSeconds: "one renewal every 2 seconds"
        }
    }
}

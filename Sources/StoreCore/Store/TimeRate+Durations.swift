import Foundation

/// How long periods, grace periods and billing retry last under each time rate, from the
/// tables of Apple's `SKTestSession.TimeRate` pages (see docs/behaviour.md, "Time").
///
/// Real time and the deprecated day-based rates scale every length alike (the store clock runs
/// faster). The monthly and fixed rates keep the clock at wall speed and give each length its
/// own duration instead, as Apple's tables do: under "monthly renewal every 5 minutes" a weekly
/// subscription renews every 3 minutes and a yearly one every hour.
extension TimeRate {
    /// A monthly rate's (month, week) renewal times in seconds.
    private var monthlyTable: (month: TimeInterval, week: TimeInterval)? {
        switch self {
        case .monthlyRenewalEveryHour: (3_600, 900)
        case .monthlyRenewalEveryThirtyMinutes: (1_800, 600)
        // Apple's page for this rate gives no table; a week is a third of the month, as at
        // the 30-minute and 30-second rates.
        case .monthlyRenewalEveryFifteenMinutes: (900, 300)
        case .monthlyRenewalEveryFiveMinutes: (300, 180)
        case .monthlyRenewalEveryThirtySeconds: (30, 10)
        default: nil
        }
    }

    /// Whether lengths come from Apple's tables (monthly and fixed rates) rather than from a
    /// uniformly scaled calendar.
    public var hasRenewalTable: Bool { monthlyTable != nil || fixedRenewalInterval != nil }

    /// The wall-clock length of `count` periods under a tabled rate; nil when periods follow
    /// the (scaled) calendar.
    public func renewalInterval(for period: SubscriptionPeriod, count: Int = 1) -> TimeInterval? {
        if let fixed = fixedRenewalInterval { return fixed * Double(count) }
        guard let table = monthlyTable else { return nil }
        let one: TimeInterval =
            switch period.unit {
            case .day: Double(period.value) * table.week / 7
            case .week: Double(period.value) * table.week
            case .month: Double(period.value) * table.month
            case .year: Double(period.value) * table.month * 12
            }
        return one * Double(count)
    }

    /// The billing grace period for a chosen length (App Store Connect's 3, 16 or 28 days),
    /// in store seconds. Weekly subscriptions get 6 days under 16 and 28. Apple's tables give
    /// the 16-day lengths; 3 and 28 days scale them.
    public func gracePeriod(isWeekly: Bool, days: Int) -> TimeInterval {
        let realDays = Double(isWeekly && days > 6 ? 6 : days)
        if let fixed = fixedRenewalInterval { return fixed * realDays / (isWeekly ? 6 : 16) }
        if let table = monthlyTable {
            // Apple's 30-second table: 9 s weekly, 15 s otherwise, for a 30-second month.
            return isWeekly ? table.month * 0.3 * realDays / 6 : table.month * 0.5 * realDays / 16
        }
        return realDays * 86_400
    }

    /// How long the App Store retries a failed renewal, in store seconds (60 days in real
    /// time, twice the renewal interval under the fixed rates, two months under the monthly).
    public var billingRetryPeriod: TimeInterval {
        if let fixed = fixedRenewalInterval { return fixed * 2 }
        if let table = monthlyTable { return table.month * 2 }
        return 60 * 86_400
    }
}

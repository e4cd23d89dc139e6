import Foundation
import StoreCore

/// The store's clock: wall-clock time scaled by the time rate, plus explicit advances.
///
/// Store time is `storeAnchor + (wall - wallAnchor) * speed`. Changing the rate or advancing
/// re-anchors, so store time never jumps backwards. The clock is a value: the store keeps it
/// in the ledger, so time survives restarts (while the process is down, time passes at the
/// current rate, as it would on a device left alone).
public struct VirtualClock: Sendable, Hashable, Codable {
    public private(set) var rate: TimeRate
    private var storeAnchor: Date
    private var wallAnchor: Date
    /// True when the clock only moves when told to (tests, benchmarks, headless scripts).
    public private(set) var isFrozen: Bool

    /// A clock reading `start` at wall time `wall`.
    public init(start: Date, wall: Date, rate: TimeRate = .realTime, isFrozen: Bool = false) {
        self.rate = rate
        self.storeAnchor = Self.truncatedToMilliseconds(start)
        self.wallAnchor = wall
        self.isFrozen = isFrozen
    }

    /// Store seconds per wall second. The monthly and fixed rates run at real time; their
    /// speed-up lives in the lengths of periods, grace and retry instead (Apple's tables).
    public var speed: Double { rate.speedup ?? 1 }

    /// Store time at wall time `wall`, to the millisecond (the precision of signed dates).
    public func now(wall: Date) -> Date {
        guard !isFrozen else { return storeAnchor }
        let elapsed = max(0, wall.timeIntervalSince(wallAnchor)) * speed
        return Self.truncatedToMilliseconds(storeAnchor.addingTimeInterval(elapsed))
    }

    /// Wall seconds until store time reaches `date` (0 if it has; nil if the clock is frozen).
    public func wallDelay(until date: Date, wall: Date) -> TimeInterval? {
        guard !isFrozen else { return nil }
        return max(0, date.timeIntervalSince(now(wall: wall)) / speed)
    }

    public mutating func setRate(_ newRate: TimeRate, wall: Date) {
        rebase(wall: wall)
        rate = newRate
    }

    /// Moves store time forward by `interval` (negative intervals are refused by callers).
    public mutating func advance(by interval: TimeInterval, wall: Date) {
        rebase(wall: wall)
        storeAnchor = Self.truncatedToMilliseconds(storeAnchor.addingTimeInterval(interval))
    }

    public mutating func setFrozen(_ frozen: Bool, wall: Date) {
        rebase(wall: wall)
        isFrozen = frozen
    }

    /// The end of `count` periods starting at `start`: calendar periods, or under a monthly
    /// or fixed rate the lengths of Apple's tables.
    public func periodEnd(from start: Date, period: SubscriptionPeriod, count: Int = 1) -> Date {
        if let interval = rate.renewalInterval(for: period, count: count) {
            return start.addingTimeInterval(interval)
        }
        return period.advance(start, by: count)
    }

    private mutating func rebase(wall: Date) {
        storeAnchor = now(wall: wall)
        wallAnchor = wall
    }

    static func truncatedToMilliseconds(_ date: Date) -> Date {
        Date(timeIntervalSince1970: (date.timeIntervalSince1970 * 1000).rounded(.down) / 1000)
    }
}

import Dispatch
import Foundation

extension RunLoop: Scheduler {
    /// Apple's `RunLoop.SchedulerTimeType`: a `Date`.
    public struct SchedulerTimeType: Strideable, Hashable, Sendable {
        public var date: Date

        public init(_ date: Date) { self.date = date }

        public func distance(to other: SchedulerTimeType) -> Stride {
            Stride(other.date.timeIntervalSince(date))
        }

        public func advanced(by n: Stride) -> SchedulerTimeType {
            SchedulerTimeType(date.addingTimeInterval(n.magnitude))
        }

        /// Apple's `RunLoop.SchedulerTimeType.Stride`: seconds, as a `TimeInterval`.
        public struct Stride: SchedulerTimeIntervalConvertible, Comparable, SignedNumeric,
            ExpressibleByFloatLiteral, Hashable, Sendable
        {
            public var magnitude: TimeInterval
            public var timeInterval: TimeInterval { magnitude }

            public init(_ timeInterval: TimeInterval) { magnitude = timeInterval }
            public init(floatLiteral value: Double) { magnitude = value }
            public init(integerLiteral value: Int) { magnitude = TimeInterval(value) }
            public init?<T: BinaryInteger>(exactly source: T) {
                guard let value = TimeInterval(exactly: source) else { return nil }
                magnitude = value
            }

            public static func seconds(_ s: Int) -> Stride { Stride(TimeInterval(s)) }
            public static func seconds(_ s: Double) -> Stride { Stride(s) }
            public static func milliseconds(_ ms: Int) -> Stride { Stride(TimeInterval(ms) / 1_000) }
            public static func microseconds(_ us: Int) -> Stride { Stride(TimeInterval(us) / 1_000_000) }
            public static func nanoseconds(_ ns: Int) -> Stride { Stride(TimeInterval(ns) / 1_000_000_000) }

            public static var zero: Stride { Stride(0) }
            public static func < (lhs: Stride, rhs: Stride) -> Bool { lhs.magnitude < rhs.magnitude }
            public static func + (lhs: Stride, rhs: Stride) -> Stride {
                Stride(lhs.magnitude + rhs.magnitude)
            }
            public static func - (lhs: Stride, rhs: Stride) -> Stride {
                Stride(lhs.magnitude - rhs.magnitude)
            }
            public static func * (lhs: Stride, rhs: Stride) -> Stride {
                Stride(lhs.magnitude * rhs.magnitude)
            }
            public static func += (lhs: inout Stride, rhs: Stride) { lhs = lhs + rhs }
            public static func -= (lhs: inout Stride, rhs: Stride) { lhs = lhs - rhs }
            public static func *= (lhs: inout Stride, rhs: Stride) { lhs = lhs * rhs }
        }
    }

    /// Apple's `RunLoop.SchedulerOptions` (it has no options).
    public struct SchedulerOptions: Sendable {}

    public var now: SchedulerTimeType { SchedulerTimeType(Date()) }
    public var minimumTolerance: SchedulerTimeType.Stride { SchedulerTimeType.Stride(0) }

    /// Whether this is the main thread's run loop, whose work goes to the main queue instead: on
    /// Linux the main run loop serves the main queue while it runs (an XCTest waiting), and
    /// `dispatchMain()` serves it when no run loop runs (Swift Testing's async entry point), so
    /// work there arrives in both, where `perform` would wait for a run loop nobody runs.
    private var isMain: Bool { self === RunLoop.main }

    public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
        if isMain { return DispatchQueue.main.schedule(options: nil, action) }
        let work = ScheduledWork(action)
        perform { work.run() }
    }

    public func schedule(
        after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride, options: SchedulerOptions?,
        _ action: @escaping () -> Void
    ) {
        if isMain {
            let delay = DispatchQueue.SchedulerTimeType.Stride.seconds(max(0, date.date.timeIntervalSinceNow))
            return DispatchQueue.main.schedule(after: DispatchQueue.main.now.advanced(by: delay), action)
        }
        let work = ScheduledWork(action)
        add(Timer(fire: date.date, interval: 0, repeats: false) { _ in work.run() }, forMode: .default)
    }

    public func schedule(
        after date: SchedulerTimeType, interval: SchedulerTimeType.Stride,
        tolerance: SchedulerTimeType.Stride,
        options: SchedulerOptions?, _ action: @escaping () -> Void
    ) -> any Cancellable {
        if isMain {
            let delay = DispatchQueue.SchedulerTimeType.Stride.seconds(max(0, date.date.timeIntervalSinceNow))
            return DispatchQueue.main.schedule(
                after: DispatchQueue.main.now.advanced(by: delay), interval: .seconds(interval.magnitude),
                action)
        }
        let work = ScheduledWork(action)
        let timer = Timer(fire: date.date, interval: interval.magnitude, repeats: true) { _ in work.run() }
        add(timer, forMode: .default)
        return AnyCancellable { timer.invalidate() }
    }
}

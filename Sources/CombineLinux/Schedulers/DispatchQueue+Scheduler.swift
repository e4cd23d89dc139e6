import Dispatch
import Foundation

extension DispatchQueue: Scheduler {
    /// Apple's `DispatchQueue.SchedulerTimeType`: a `DispatchTime`.
    public struct SchedulerTimeType: Strideable, Hashable, Sendable {
        public let dispatchTime: DispatchTime

        public init(_ time: DispatchTime) { dispatchTime = time }

        public func distance(to other: SchedulerTimeType) -> Stride {
            Stride(
                .nanoseconds(Int(other.dispatchTime.uptimeNanoseconds) - Int(dispatchTime.uptimeNanoseconds)))
        }

        public func advanced(by n: Stride) -> SchedulerTimeType {
            let nanoseconds = Int(dispatchTime.uptimeNanoseconds) + n.magnitude
            return SchedulerTimeType(DispatchTime(uptimeNanoseconds: UInt64(max(0, nanoseconds))))
        }

        public func hash(into hasher: inout Hasher) { hasher.combine(dispatchTime.uptimeNanoseconds) }
        public static func == (lhs: Self, rhs: Self) -> Bool {
            lhs.dispatchTime.uptimeNanoseconds == rhs.dispatchTime.uptimeNanoseconds
        }

        /// Apple's `DispatchQueue.SchedulerTimeType.Stride`: nanoseconds; a literal is seconds
        /// (`debounce(for: 0.5, scheduler: DispatchQueue.main)`).
        public struct Stride: SchedulerTimeIntervalConvertible, Comparable, SignedNumeric,
            ExpressibleByFloatLiteral, Hashable, Sendable
        {
            /// The interval in nanoseconds.
            public var magnitude: Int

            public var timeInterval: DispatchTimeInterval { .nanoseconds(magnitude) }

            public init(_ timeInterval: DispatchTimeInterval) {
                switch timeInterval {
                case .seconds(let s): magnitude = s * 1_000_000_000
                case .milliseconds(let ms): magnitude = ms * 1_000_000
                case .microseconds(let us): magnitude = us * 1_000
                case .nanoseconds(let ns): magnitude = ns
                case .never: magnitude = .max
                @unknown default: magnitude = .max
                }
            }

            public init(floatLiteral value: Double) { magnitude = Int(value * 1_000_000_000) }
            public init(integerLiteral value: Int) { magnitude = value * 1_000_000_000 }
            public init?<T: BinaryInteger>(exactly source: T) {
                guard let value = Int(exactly: source) else { return nil }
                self.init(integerLiteral: value)
            }

            public static func seconds(_ s: Int) -> Stride { Stride(.seconds(s)) }
            public static func seconds(_ s: Double) -> Stride { Stride(floatLiteral: s) }
            public static func milliseconds(_ ms: Int) -> Stride { Stride(.milliseconds(ms)) }
            public static func microseconds(_ us: Int) -> Stride { Stride(.microseconds(us)) }
            public static func nanoseconds(_ ns: Int) -> Stride { Stride(.nanoseconds(ns)) }

            public static var zero: Stride { Stride(.nanoseconds(0)) }
            public static func < (lhs: Stride, rhs: Stride) -> Bool { lhs.magnitude < rhs.magnitude }
            public static func + (lhs: Stride, rhs: Stride) -> Stride {
                .nanoseconds(lhs.magnitude + rhs.magnitude)
            }
            public static func - (lhs: Stride, rhs: Stride) -> Stride {
                .nanoseconds(lhs.magnitude - rhs.magnitude)
            }
            public static func * (lhs: Stride, rhs: Stride) -> Stride {
                .nanoseconds(lhs.magnitude * rhs.magnitude)
            }
            public static func += (lhs: inout Stride, rhs: Stride) { lhs = lhs + rhs }
            public static func -= (lhs: inout Stride, rhs: Stride) { lhs = lhs - rhs }
            public static func *= (lhs: inout Stride, rhs: Stride) { lhs = lhs * rhs }
        }
    }

    /// Apple's `DispatchQueue.SchedulerOptions`.
    public struct SchedulerOptions {
        public var qos: DispatchQoS
        public var flags: DispatchWorkItemFlags
        public var group: DispatchGroup?

        public init(
            qos: DispatchQoS = .unspecified, flags: DispatchWorkItemFlags = [], group: DispatchGroup? = nil
        ) {
            self.qos = qos
            self.flags = flags
            self.group = group
        }
    }

    public var now: SchedulerTimeType { SchedulerTimeType(.now()) }
    public var minimumTolerance: SchedulerTimeType.Stride { .nanoseconds(0) }

    /// Runs `action` on this queue, later: the main queue is served by the main run loop (an XCTest
    /// `wait(for:timeout:)`) and by `dispatchMain()` (an async entry point such as Swift Testing's).
    public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
        let work = ScheduledWork(action)
        async(group: options?.group, qos: options?.qos ?? .unspecified, flags: options?.flags ?? []) {
            work.run()
        }
    }

    public func schedule(
        after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride, options: SchedulerOptions?,
        _ action: @escaping () -> Void
    ) {
        let work = ScheduledWork(action)
        asyncAfter(
            deadline: date.dispatchTime, qos: options?.qos ?? .unspecified, flags: options?.flags ?? []
        ) {
            work.run()
        }
    }

    public func schedule(
        after date: SchedulerTimeType, interval: SchedulerTimeType.Stride,
        tolerance: SchedulerTimeType.Stride,
        options: SchedulerOptions?, _ action: @escaping () -> Void
    ) -> any Cancellable {
        let timer = DispatchSource.makeTimerSource(queue: self)
        let work = ScheduledWork(action)
        timer.setEventHandler { work.run() }
        timer.schedule(
            deadline: date.dispatchTime, repeating: interval.timeInterval, leeway: tolerance.timeInterval)
        timer.resume()
        return AnyCancellable { timer.cancel() }
    }
}

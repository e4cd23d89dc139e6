/// Apple's `protocol Scheduler<SchedulerTimeType>`: where and when `receive(on:)` and
/// `debounce(for:scheduler:)` run their work. Kiosk offers `DispatchQueue`, `RunLoop` and
/// `ImmediateScheduler` as Apple does.
public protocol Scheduler<SchedulerTimeType> {
    associatedtype SchedulerTimeType: Strideable
    where SchedulerTimeType.Stride: SchedulerTimeIntervalConvertible
    associatedtype SchedulerOptions

    var now: SchedulerTimeType { get }
    var minimumTolerance: SchedulerTimeType.Stride { get }

    /// Runs `action` as soon as the scheduler can (later, not inside this call, for a queue).
    func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void)
    /// Runs `action` at `date` or soon after.
    func schedule(
        after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride, options: SchedulerOptions?,
        _ action: @escaping () -> Void)
    /// Runs `action` at `date` and then every `interval`, until the returned cancellable is cancelled.
    func schedule(
        after date: SchedulerTimeType, interval: SchedulerTimeType.Stride,
        tolerance: SchedulerTimeType.Stride,
        options: SchedulerOptions?, _ action: @escaping () -> Void
    ) -> any Cancellable
}

extension Scheduler {
    public func schedule(_ action: @escaping () -> Void) { schedule(options: nil, action) }

    public func schedule(after date: SchedulerTimeType, _ action: @escaping () -> Void) {
        schedule(after: date, tolerance: minimumTolerance, options: nil, action)
    }

    public func schedule(
        after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride, _ action: @escaping () -> Void
    ) {
        schedule(after: date, tolerance: tolerance, options: nil, action)
    }

    public func schedule(
        after date: SchedulerTimeType, interval: SchedulerTimeType.Stride, _ action: @escaping () -> Void
    ) -> any Cancellable {
        schedule(after: date, interval: interval, tolerance: minimumTolerance, options: nil, action)
    }
}

/// Apple's `protocol SchedulerTimeIntervalConvertible`: `.seconds(1)`, `.milliseconds(300)`, …
public protocol SchedulerTimeIntervalConvertible {
    static func seconds(_ s: Int) -> Self
    static func seconds(_ s: Double) -> Self
    static func milliseconds(_ ms: Int) -> Self
    static func microseconds(_ us: Int) -> Self
    static func nanoseconds(_ ns: Int) -> Self
}

/// Work handed to a dispatch queue or run loop, which want `@Sendable` closures. Combine's
/// closures are not Sendable on Apple platforms either: a scheduler runs them where the code
/// asked, and the code that asked keeps to that queue or thread, as Apple's documentation
/// requires. This is the package's one wrapper that says so to the compiler.
struct ScheduledWork: @unchecked Sendable {
    let run: () -> Void
    init(_ run: @escaping () -> Void) { self.run = run }
}

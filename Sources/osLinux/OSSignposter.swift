/// Apple's `struct OSSignposter` (iOS 15): intervals and events for Instruments. Every call is a
/// no-op on Linux except `withIntervalSignpost`, which runs its closure and returns its result.
public struct OSSignposter: Sendable {
    let log: OSLog

    /// Apple's `init()`: signposts to the default log.
    public init() { log = .default }
    public init(subsystem: String, category: String) { log = OSLog(subsystem: subsystem, category: category) }
    public init(subsystem: String, category: OSLog.Category) {
        log = OSLog(subsystem: subsystem, category: category)
    }
    public init(logger: Logger) { log = OSLog(subsystem: logger.subsystem, category: logger.category) }
    public init(logHandle: OSLog) { log = logHandle }

    /// Apple's `OSSignposter.disabled`: a signposter that emits nothing.
    public static var disabled: OSSignposter { OSSignposter(logHandle: .disabled) }

    public var isEnabled: Bool { log.signpostsEnabled }

    /// Apple's `makeSignpostID()`: a new identifier for an interval that may overlap others.
    public func makeSignpostID() -> OSSignpostID { OSSignpostID(log: log) }
    /// Apple's `makeSignpostID(from:)`: the identifier of `object`.
    public func makeSignpostID(from object: AnyObject) -> OSSignpostID {
        OSSignpostID(log: log, object: object)
    }

    public func beginInterval(_ name: StaticString, id: OSSignpostID = .exclusive) -> OSSignpostIntervalState
    {
        OSSignpostIntervalState(signpostID: id)
    }

    public func beginInterval(
        _ name: StaticString, id: OSSignpostID = .exclusive, _ message: SignpostMetadata
    ) -> OSSignpostIntervalState {
        OSSignpostIntervalState(signpostID: id)
    }

    public func endInterval(_ name: StaticString, _ state: OSSignpostIntervalState) {}
    public func endInterval(
        _ name: StaticString, _ state: OSSignpostIntervalState, _ message: SignpostMetadata
    ) {}

    public func emitEvent(_ name: StaticString, id: OSSignpostID = .exclusive) {}
    public func emitEvent(_ name: StaticString, id: OSSignpostID = .exclusive, _ message: SignpostMetadata) {}

    /// Apple's `withIntervalSignpost(_:id:around:)`: runs `task` inside an interval.
    public func withIntervalSignpost<T>(
        _ name: StaticString, id: OSSignpostID = .exclusive, around task: () throws -> T
    ) rethrows -> T {
        try task()
    }

    /// Apple's `withIntervalSignpost(_:id:_:around:)`, with a message.
    public func withIntervalSignpost<T>(
        _ name: StaticString, id: OSSignpostID = .exclusive, _ message: SignpostMetadata,
        around task: () throws -> T
    ) rethrows -> T {
        try task()
    }
}

/// Apple's `final class OSSignpostIntervalState`: what `beginInterval` hands to `endInterval`.
public final class OSSignpostIntervalState: Sendable {
    /// The interval's identifier.
    public let signpostID: OSSignpostID

    init(signpostID: OSSignpostID) { self.signpostID = signpostID }

    /// Apple's `beginState(id:)`: the state of an interval begun with `id`.
    public static func beginState(id: OSSignpostID) -> OSSignpostIntervalState {
        OSSignpostIntervalState(signpostID: id)
    }
}

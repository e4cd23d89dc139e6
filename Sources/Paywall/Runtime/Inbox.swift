import Synchronization

/// Where background work leaves events for the main loop: a `Mutex`-guarded queue, drained
/// once per loop turn on the main thread.
public final class Inbox: Sendable {
    private let events = Mutex<[Event]>([])

    public init() {}

    public func post(_ event: Event) { events.withLock { $0.append(event) } }

    /// Whether nothing waits to be drained.
    public var isEmpty: Bool { events.withLock { $0.isEmpty } }

    /// Everything posted since the last drain, oldest first.
    public func drain() -> [Event] {
        events.withLock { events in
            defer { events.removeAll(keepingCapacity: true) }
            return events
        }
    }
}

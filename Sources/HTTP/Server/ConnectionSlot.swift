import Descriptors
import Dispatch
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// What the acceptor knows of one open connection: whether it waits idle for a request, and
/// since when, so under connection pressure the connection idle the longest can be closed
/// instead of refusing a new one that is sending a request.
///
/// The state is one atomic, written by the connection's thread around each wait, so serving a
/// request takes no lock shared with other connections.
final class ConnectionSlot: Sendable {
    let descriptor: OwnedDescriptor
    /// Monotonic nanoseconds since the connection became idle; `busy` while it serves a
    /// request; `evicted` once the acceptor chose to close it.
    private let idleSince = Atomic<Int64>(0)
    private static let busy: Int64 = 0
    private static let evicted: Int64 = -1

    /// A new connection: idle from its first instant (it has sent nothing yet).
    init(descriptor: OwnedDescriptor) {
        self.descriptor = descriptor
        markIdle()
    }

    static var now: Int64 { Int64(DispatchTime.now().uptimeNanoseconds) + 1 }

    /// Between requests: the acceptor may close it from now on.
    func markIdle() {
        _ = idleSince.compareExchange(expected: Self.busy, desired: Self.now, ordering: .relaxed)
    }

    /// Bytes arrived: serve them, unless the acceptor closed the connection first (false).
    func markBusy() -> Bool {
        var current = idleSince.load(ordering: .relaxed)
        while current != Self.evicted {
            if current == Self.busy { return true }
            let (exchanged, original) = idleSince.compareExchange(
                expected: current, desired: Self.busy, ordering: .relaxed)
            if exchanged { return true }
            current = original
        }
        return false
    }

    /// When it became idle, or nil while it serves a request (or was evicted).
    var idleStart: Int64? {
        let value = idleSince.load(ordering: .relaxed)
        return value > 0 ? value : nil
    }

    /// Closes it if it is still idle since `start` and has sent nothing unread: its thread
    /// wakes to end of file and ends.
    func evict(ifIdleSince start: Int64) -> Bool {
        // Bytes waiting unread are a request its thread is about to serve: keep it.
        // A poll that fails says nothing either way: the eviction goes on, as for an idle one.
        // The acceptor holds the lock under which the connection leaves `slots` before it
        // closes, so the descriptor is open here.
        descriptor.withNumber { fd in
            if let ready = try? Posix.poll([fd], milliseconds: 0), ready[0] != 0 { return false }
            guard
                idleSince.compareExchange(expected: start, desired: Self.evicted, ordering: .relaxed)
                    .exchanged
            else { return false }
            _ = Glibc.shutdown(fd, Int32(SHUT_RDWR))
            return true
        }
    }
}

import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Where a streaming handler writes its response body (server-sent events).
///
/// Writes never block: a handler runs on one of the few cooperative threads, and a client that
/// stops reading must not hold one (two such clients would stall every handler). What the
/// socket does not take at once waits in a backlog that the connection's own thread flushes.
/// A backlog over `maxBacklog` bytes, or one that has not drained for the send timeout, ends
/// the stream; once the client is gone every write throws.
public final class StreamWriter: Sendable {
    private struct State {
        var failed = false
        var backlog: [UInt8] = []
        /// When the backlog last started to fill (nil while it is empty).
        var stalledSince: Date?
    }

    private let fd: Int32
    private let sendTimeout: Double
    private let maxBacklog: Int
    private let state = Mutex(State())

    init(fd: Int32, sendTimeout: Double, maxBacklog: Int = 1024 * 1024) {
        self.fd = fd
        self.sendTimeout = sendTimeout
        self.maxBacklog = maxBacklog
    }

    /// Whether the stream has ended: the client went away or fell too far behind.
    public var isClosed: Bool { state.withLock { $0.failed } }

    /// Ends the stream for good (its connection is about to close the socket): later writes
    /// throw without touching the descriptor, whose number may by then be another socket's.
    func end() { state.withLock { $0.failed = true } }

    /// Whether written bytes still wait for the socket.
    var hasBacklog: Bool { state.withLock { !$0.failed && !$0.backlog.isEmpty } }

    public func write(_ bytes: [UInt8]) throws(IOError) {
        let result: Result<Void, IOError> = state.withLock { state in
            guard !state.failed else { return .failure(IOError(errnoCode: EPIPE, reason: "send")) }
            guard state.backlog.count + bytes.count <= maxBacklog else {
                state.failed = true
                return .failure(IOError(errnoCode: EAGAIN, reason: "send: the client is not reading"))
            }
            state.backlog += bytes
            return drain(&state)
        }
        try result.get()
    }

    public func write(_ event: ServerSentEvent) throws(IOError) { try write(event.encoded) }

    /// A comment line: keeps proxies from closing an idle stream and finds vanished clients.
    public func heartbeat() throws(IOError) { try write(Array(": keep-alive\n\n".utf8)) }

    /// Sends what the backlog holds, as far as the socket takes it (the connection thread
    /// calls this as it polls); ends the stream once the backlog is stuck past the timeout.
    func flush() {
        state.withLock { state in
            guard !state.failed, !state.backlog.isEmpty else { return }
            _ = drain(&state)
            if let since = state.stalledSince, Date().timeIntervalSince(since) > sendTimeout {
                state.failed = true
            }
        }
    }

    private func drain(_ state: inout State) -> Result<Void, IOError> {
        do throws(IOError) {
            let sent = try Posix.sendNow(fd, state.backlog[...])
            state.backlog.removeFirst(sent)
            if state.backlog.isEmpty {
                state.stalledSince = nil
            } else if state.stalledSince == nil || sent > 0 {
                state.stalledSince = Date()
            }
            return .success(())
        } catch {
            state.failed = true
            return .failure(error)
        }
    }
}

import Descriptors
import Dispatch
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// An HTTP/1.1 server on POSIX sockets: keep-alive, request limits, read and idle timeouts,
/// chunked request bodies, server-sent events and graceful shutdown.
///
/// One thread accepts; each connection gets its own thread with blocking I/O and `poll`
/// deadlines. A thread per connection keeps the code plain and each request's timeouts
/// exact; at a 256 KiB stack a thousand connections cost a few MB of committed memory
/// (measured: 256 keep-alive connections in the tests). Handlers are async tasks that run on
/// their connection's thread (`ConnectionExecutor`), so no cooperative thread ever blocks on a
/// socket and a request costs no thread hand-over.
public final class HTTPServer: Sendable {
    public typealias Handler = @Sendable (HTTPRequest) async -> HTTPResponse

    /// The port it listens on (the real one when 0 was asked).
    public let port: UInt16
    public let configuration: HTTPServerConfiguration
    let handler: Handler
    /// The system name of its connection threads (`http-PORT`, `http-unix`): how `top -H`, a
    /// debugger and the tests that bound them tell this server's threads from others'.
    public let connectionThreadName: String
    private let listener: OwnedDescriptor
    /// Written once at shutdown and never read, so every `poll` including it wakes. Closed
    /// when the server is released: every connection thread holds the server until it ends.
    let wake: (read: OwnedDescriptor, write: OwnedDescriptor)
    private let state = Mutex(State())
    /// `State.isShuttingDown`, readable without the lock: every connection reads it on every
    /// request, and 64 threads contending for one Mutex (a PI futex on Linux) cost the server
    /// a third of its throughput (perf, kiosk-bench serve).
    private let shuttingDown = Atomic(false)

    struct State {
        var isShuttingDown = false
        var connections = 0
        var acceptorDone = false
        /// Open connections; a slot leaves before its descriptor is closed, so an eviction
        /// never shuts down a closed one.
        var slots: [ObjectIdentifier: ConnectionSlot] = [:]

        /// Closes the connection idle the longest; false when every connection is busy.
        func evictOldestIdle() -> Bool {
            let idle = slots.values.compactMap { slot in slot.idleStart.map { (slot, $0) } }
            for (slot, since) in idle.sorted(by: { $0.1 < $1.1 }) where slot.evict(ifIdleSince: since) {
                return true
            }
            return false
        }
    }

    public init(configuration: HTTPServerConfiguration = .init(), handler: @escaping Handler)
        throws(HTTPError)
    {
        // A client that vanishes mid-write must be an EPIPE, not the end of the process.
        signal(SIGPIPE, SIG_IGN)
        let fd: OwnedDescriptor
        if let path = configuration.socketPath {
            fd = try Self.listenUnix(path)
            self.port = 0
        } else {
            let (tcp, port) = try Posix.listeningSocket(
                host: configuration.host, port: configuration.port, backlog: 1024)
            fd = tcp
            self.port = port
        }
        do {
            self.wake = try Posix.pipe()
        } catch {
            fd.close()
            throw .io(error)
        }
        self.listener = fd
        connectionThreadName = configuration.socketPath == nil ? "http-\(port)" : "http-unix"
        self.configuration = configuration
        self.handler = handler
    }

    private static func listenUnix(_ path: String) throws(HTTPError) -> OwnedDescriptor {
        let descriptor: OwnedDescriptor
        do {
            descriptor = try Posix.ownedSocket(family: AF_UNIX)
        } catch {
            throw .io(error)
        }
        do throws(IOError) {
            try descriptor.withNumber { fd throws(IOError) in
                try Posix.bind(fd, unixPath: path)
                // Only the state directory's user may talk to its store.
                guard chmod(path, 0o600) == 0 else {
                    throw IOError(errnoCode: errno, reason: "chmod \(path)")
                }
                try Posix.listen(fd, backlog: 1024)
            }
            return descriptor
        } catch {
            descriptor.close()
            throw .io(error)
        }
    }

    /// Starts accepting on a thread of its own and returns.
    public func start() {
        let thread = Thread { [self] in acceptLoop() }
        thread.name = "http-accept"
        thread.start()
    }

    /// How many connections are open now.
    public var connectionCount: Int { state.withLock { $0.connections } }

    public var isShuttingDown: Bool { shuttingDown.load(ordering: .acquiring) }

    /// Stops accepting, lets requests in flight finish (their responses say `Connection:
    /// close`), closes idle connections and event streams, and returns when every connection
    /// is closed or `gracePeriod` seconds have passed.
    /// Blocks the calling thread: from async code use `stop(gracePeriod:)`.
    public func shutdown(gracePeriod: Double = 10) {
        beginShutdown()
        let deadline = Date().addingTimeInterval(gracePeriod)
        while Date() < deadline && !isStopped { usleep(5_000) }
    }

    /// `shutdown(gracePeriod:)` for async code: it waits without holding a cooperative thread,
    /// which the handlers still finishing may need.
    public func stop(gracePeriod: Double = 10) async {
        beginShutdown()
        let deadline = Date().addingTimeInterval(gracePeriod)
        // A cancelled caller stops waiting: the shutdown it began goes on without it.
        while Date() < deadline && !isStopped && !Task.isCancelled {
            try? await Task.sleep(for: .milliseconds(5))  // cancelled: the loop's condition ends it
        }
    }

    /// Whether the listener is closed and every connection has ended.
    public var isStopped: Bool { state.withLock { $0.connections == 0 && $0.acceptorDone } }

    private func beginShutdown() {
        let first = state.withLock { state in
            defer {
                state.isShuttingDown = true
                shuttingDown.store(true, ordering: .releasing)
            }
            return !state.isShuttingDown
        }
        if first {
            var byte: UInt8 = 1
            _ = wake.write.withNumber { Glibc.write($0, &byte, 1) }
        }
    }

    /// Returns when the process receives SIGINT or SIGTERM, then shuts down gracefully.
    /// (It takes over both signals: their default action would end the process before the
    /// requests in flight finish.)
    public func stopOnTerminationSignal(gracePeriod: Double = 10) async {
        await TerminationSignals().wait()
        await stop(gracePeriod: gracePeriod)
    }

    private func acceptLoop() {
        defer {
            listener.close()
            state.withLock { $0.acceptorDone = true }
        }
        listener.withNumber { listener in
            wake.read.withNumber { wake in accept(on: listener, wake: wake) }
        }
    }

    /// Accepts connections on `listener` until shutdown (a byte on `wake`).
    private func accept(on listener: Int32, wake: Int32) {
        var acceptFailure: IOError?
        while true {
            let ready: [Int16]
            do {
                ready = try Posix.poll([listener, wake], milliseconds: -1)
            } catch {
                // Two descriptors this server owns: a failing poll (ENOMEM) leaves nothing to
                // wait on. Existing connections finish; new ones are no longer accepted.
                configuration.reportError("stopped accepting connections: \(error)")
                return
            }
            if ready[1] != 0 {
                refuseWaitingConnections(on: listener)
                return
            }
            guard ready[0] != 0 else { continue }
            let client: OwnedDescriptor
            do {
                client = try Posix.accept(listener)
                acceptFailure = nil
            } catch {
                // A client that left before it was accepted is nobody's concern. Anything else
                // (EMFILE, ENFILE, ENOBUFS) stays until connections close: say it once, and
                // wait a little instead of spinning on a listener that stays readable.
                guard error.errnoCode != ECONNABORTED && error.errnoCode != EAGAIN else { continue }
                if acceptFailure != error {
                    configuration.reportError("cannot accept a connection: \(error); retrying")
                }
                acceptFailure = error
                usleep(10_000)
                continue
            }
            let slot = ConnectionSlot(descriptor: client)
            let key = ObjectIdentifier(slot)
            let admitted = state.withLock { state in
                guard !state.isShuttingDown else { return false }
                // Connections that send nothing must not lock out one that sends a request.
                if state.connections >= configuration.maxConnections && !state.evictOldestIdle() {
                    return false
                }
                state.connections += 1
                state.slots[key] = slot
                return true
            }
            guard admitted else {
                refuse(
                    client, slot: slot, because: isShuttingDown ? Self.shuttingDown : "too many connections")
                continue
            }
            let thread = Thread { [self] in
                // Named from inside: on Linux a name given before `start` does not reach the
                // system thread.
                Thread.current.name = connectionThreadName
                client.withNumber { fd in
                    self.wake.read.withNumber { wake in
                        Connection(fd: fd, wake: wake, server: self, slot: slot).run()
                    }
                }
                // Out of `slots` first, under the lock evictions take: no eviction can shut the
                // descriptor down once it is closed.
                state.withLock { $0.slots[key] = nil }
                client.close()
                state.withLock { $0.connections -= 1 }
            }
            thread.stackSize = 256 * 1024
            thread.start()
        }
    }

    private static let shuttingDown = "the server is shutting down"

    /// Answers the connections still waiting to be accepted when shutdown begins 503 (nothing
    /// was done, so their clients may send again elsewhere), where closing the listener would
    /// reset them, and a client could not tell whether its request had been acted on.
    private func refuseWaitingConnections(on listener: Int32) {
        for _ in 0..<configuration.maxConnections {
            // Best effort at shutdown: a connection this cannot take is reset when the
            // listener closes, which a client sees as a failed connection, never as success.
            guard let ready = try? Posix.poll([listener], milliseconds: 0), ready[0] != 0,
                let client = try? Posix.accept(listener)
            else { return }
            refuse(client, slot: ConnectionSlot(descriptor: client), because: Self.shuttingDown)
        }
    }

    /// Answers 503 before reading anything, and closes.
    private func refuse(_ client: OwnedDescriptor, slot: ConnectionSlot, because reason: String) {
        client.withNumber { fd in
            wake.read.withNumber { wake in
                Connection(fd: fd, wake: wake, server: self, slot: slot).send(
                    configuration.errorResponse(503, reason), close: true)
            }
        }
        client.close()
    }
}

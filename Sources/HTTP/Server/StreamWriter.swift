import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Where a streaming handler writes its response body (server-sent events). Writes block
/// for at most the server's send timeout; once the client is gone every write throws.
public final class StreamWriter: Sendable {
    private let fd: Int32
    /// Serializes writes and remembers a failure, so nothing is written after one.
    private let failed = Mutex(false)

    init(fd: Int32) { self.fd = fd }

    /// Whether a write failed (the client went away).
    public var isClosed: Bool { failed.withLock { $0 } }

    public func write(_ bytes: [UInt8]) throws(IOError) {
        let result: Result<Void, IOError> = failed.withLock { failed in
            guard !failed else { return .failure(IOError(errnoCode: EPIPE, reason: "send")) }
            do throws(IOError) {
                try Posix.sendAll(fd, bytes)
                return .success(())
            } catch {
                failed = true
                return .failure(error)
            }
        }
        try result.get()
    }

    public func write(_ event: ServerSentEvent) throws(IOError) { try write(event.encoded) }

    /// A comment line: keeps proxies from closing an idle stream and finds vanished clients.
    public func heartbeat() throws(IOError) { try write(Array(": keep-alive\n\n".utf8)) }
}

import Descriptors

#if canImport(Glibc)
    import Glibc
#endif

/// System calls that retry on `EINTR` and throw `IOError`, as swift-nio's wrappers do, so no
/// caller forgets either. Only the calls the module needs.
enum Posix {
    /// Runs `body` until it does not fail with EINTR; a negative result throws.
    @inline(__always)
    static func retrying<T: BinaryInteger>(_ reason: String, _ body: () -> T) throws(IOError) -> T {
        while true {
            let result = body()
            if result >= 0 { return result }
            if errno == EINTR { continue }
            throw IOError(errnoCode: errno, reason: reason)
        }
    }

    static func socket(family: Int32 = AF_INET) throws(IOError) -> Int32 {
        try retrying("socket") {
            Glibc.socket(family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        }
    }

    static func setOption(_ fd: Int32, _ level: Int32, _ name: Int32, _ value: Int32) throws(IOError) {
        var value = value
        _ = try retrying("setsockopt") {
            setsockopt(fd, level, name, &value, socklen_t(MemoryLayout<Int32>.size))
        }
    }

    static func bind(_ fd: Int32, _ address: sockaddr_in) throws(IOError) {
        var address = address
        _ = try retrying("bind") {
            withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    Glibc.bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
        }
    }

    static func connect(_ fd: Int32, _ address: sockaddr_in) throws(IOError) {
        var address = address
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        // A connect interrupted by a signal goes on in the background: it is not an error.
        if result < 0 && errno != EINTR && errno != EINPROGRESS {
            throw IOError(errnoCode: errno, reason: "connect")
        }
    }

    static func listen(_ fd: Int32, backlog: Int32) throws(IOError) {
        _ = try retrying("listen") { Glibc.listen(fd, backlog) }
    }

    static func localAddress(_ fd: Int32) throws(IOError) -> sockaddr_in {
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = try retrying("getsockname") {
            withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
            }
        }
        return address
    }

    static func accept(_ fd: Int32) throws(IOError) -> OwnedDescriptor {
        // accept4 is not imported without _GNU_SOURCE: set close-on-exec afterwards.
        let client = try retrying("accept") { Glibc.accept(fd, nil, nil) }
        _ = fcntl(client, F_SETFD, FD_CLOEXEC)
        return OwnedDescriptor(client)
    }

    /// Reads what is there, up to `buffer.count` bytes; 0 means the peer closed.
    static func receive(_ fd: Int32, into buffer: inout [UInt8]) throws(IOError) -> Int {
        try retrying("recv") { buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) } }
    }

    /// Writes every byte; MSG_NOSIGNAL so a vanished peer is an EPIPE, never a SIGPIPE.
    static func sendAll(_ fd: Int32, _ bytes: [UInt8]) throws(IOError) {
        var sent = 0
        while sent < bytes.count {
            let count = try retrying("send") {
                // Bytes remain (the loop's condition), so the buffer has an address.
                bytes.withUnsafeBytes { raw in
                    send(fd, raw.baseAddress! + sent, raw.count - sent, Int32(MSG_NOSIGNAL))
                }
            }
            if count == 0 { throw IOError(errnoCode: EPIPE, reason: "send") }
            sent += count
        }
    }

    /// Writes what the socket takes now without waiting; the count sent (0 when it is full).
    static func sendNow(_ fd: Int32, _ bytes: ArraySlice<UInt8>) throws(IOError) -> Int {
        while true {
            // An empty slice may have no address: nothing to send is 0 sent.
            let count = bytes.withUnsafeBytes { raw in
                raw.baseAddress.map { send(fd, $0, raw.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) } ?? 0
            }
            if count >= 0 { return count }
            if errno == EINTR { continue }
            if errno == EAGAIN || errno == EWOULDBLOCK { return 0 }
            throw IOError(errnoCode: errno, reason: "send")
        }
    }

    /// Waits until one of `fds` is readable (or hung up) or `milliseconds` pass; returns the
    /// `revents` of each. A negative timeout waits for ever.
    static func poll(_ fds: [Int32], events: Int16 = Int16(POLLIN), milliseconds: Int32) throws(IOError)
        -> [Int16]
    {
        var entries = fds.map { pollfd(fd: $0, events: events, revents: 0) }
        _ = try retrying("poll") { Glibc.poll(&entries, nfds_t(entries.count), milliseconds) }
        return entries.map(\.revents)
    }

    /// A pipe whose ends are not inherited by child processes.
    static func pipe() throws(IOError) -> (read: OwnedDescriptor, write: OwnedDescriptor) {
        var fds: [Int32] = [0, 0]
        _ = try retrying("pipe") { Glibc.pipe(&fds) }
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        return (OwnedDescriptor(fds[0]), OwnedDescriptor(fds[1]))
    }

    /// A new socket, owned from its first instant: no path between here and its close can
    /// forget it or close it twice.
    static func ownedSocket(family: Int32 = AF_INET) throws(IOError) -> OwnedDescriptor {
        OwnedDescriptor(try socket(family: family))
    }

    /// A loopback or other IPv4 address from `host` and `port`.
    static func address(host: String, port: UInt16) -> sockaddr_in? {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian  // htons() is a macro: not imported
        guard inet_pton(AF_INET, host, &address.sin_addr) == 1 else { return nil }
        return address
    }
}

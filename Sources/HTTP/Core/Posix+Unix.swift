import Descriptors

#if canImport(Glibc)
    import Glibc
#endif

/// Unix domain sockets: `bind` and `connect` on a path.
extension Posix {
    /// The longest path `sockaddr_un` holds (108 bytes with its terminating NUL on Linux).
    static let maxUnixPathBytes = MemoryLayout.size(ofValue: sockaddr_un().sun_path) - 1

    static func bind(_ fd: Int32, unixPath path: String) throws(IOError) {
        try withUnixAddress(path) { address, length throws(IOError) in
            _ = try retrying("bind \(path)") { Glibc.bind(fd, address, length) }
        }
    }

    static func connect(_ fd: Int32, unixPath path: String) throws(IOError) {
        try withUnixAddress(path) { address, length throws(IOError) in
            _ = try retrying("connect \(path)") { Glibc.connect(fd, address, length) }
        }
    }

    /// Calls `body` with a `sockaddr_un` for `path`. A path too long for `sun_path` (a deep
    /// state directory) is reached through its directory's descriptor, `/proc/self/fd/N/name`,
    /// which Linux resolves like the full path.
    private static func withUnixAddress(
        _ path: String, _ body: (UnsafePointer<sockaddr>, socklen_t) throws(IOError) -> Void
    ) throws(IOError) {
        // Open until the call is made: the path below names it by number.
        var directory: OwnedDescriptor?
        defer { directory?.close() }
        var usable = path
        if path.utf8.count > maxUnixPathBytes {
            let slash = path.lastIndex(of: "/") ?? path.startIndex
            let directoryPath = slash == path.startIndex ? "/" : String(path[..<slash])
            let directoryFD = open(directoryPath, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            guard directoryFD >= 0 else { throw IOError(errnoCode: errno, reason: "open \(directoryPath)") }
            let owned = OwnedDescriptor(directoryFD)
            directory = owned
            usable = owned.withNumber { "/proc/self/fd/\($0)/" } + path[path.index(after: slash)...]
            guard usable.utf8.count <= maxUnixPathBytes else {
                throw IOError(errnoCode: ENAMETOOLONG, reason: "socket path \(path)")
            }
        }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in usable.utf8.enumerated() { raw[index] = byte }
            raw[usable.utf8.count] = 0
        }
        let length = socklen_t(MemoryLayout<sockaddr_un>.size)
        var result: Result<Void, IOError> = .success(())
        withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                do throws(IOError) {
                    try body(pointer, length)
                } catch {
                    result = .failure(error)
                }
            }
        }
        try result.get()
    }
}

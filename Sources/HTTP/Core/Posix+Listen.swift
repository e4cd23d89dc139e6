import Descriptors

#if canImport(Glibc)
    import Glibc
#endif

extension Posix {
    /// A TCP socket listening on a numeric IPv4 or IPv6 `host` (an IPv6 host has colons), with
    /// the port it got (the real one when 0 was asked).
    /// - Throws: `HTTPError.invalidAddress` for a host that is neither, `.io` when a call fails.
    static func listeningSocket(host: String, port: UInt16, backlog: Int32) throws(HTTPError)
        -> (descriptor: OwnedDescriptor, port: UInt16)
    {
        let isIPv6 = host.contains(":")
        var storage = sockaddr_storage()
        let length: Int
        if isIPv6 {
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_port = port.bigEndian
            guard inet_pton(AF_INET6, host, &address.sin6_addr) == 1 else {
                throw .invalidAddress("[\(host)]:\(port)")
            }
            length = MemoryLayout<sockaddr_in6>.size
            storage.copy(from: address)
        } else {
            guard let address = Self.address(host: host, port: port) else {
                throw .invalidAddress("\(host):\(port)")
            }
            length = MemoryLayout<sockaddr_in>.size
            storage.copy(from: address)
        }
        let descriptor: OwnedDescriptor
        do {
            descriptor = try ownedSocket(family: isIPv6 ? AF_INET6 : AF_INET)
        } catch {
            throw .io(error)
        }
        do throws(IOError) {
            let port = try descriptor.withNumber { fd throws(IOError) in
                try bindAndListen(fd, storage, length: length, backlog: backlog)
            }
            return (descriptor, port)
        } catch {
            descriptor.close()
            throw .io(error)
        }
    }

    /// Binds `fd` to the address in `storage`, listens, and returns the port it got.
    private static func bindAndListen(
        _ fd: Int32, _ storage: sockaddr_storage, length: Int, backlog: Int32
    ) throws(IOError) -> UInt16 {
        var storage = storage
        try setOption(fd, SOL_SOCKET, SO_REUSEADDR, 1)
        _ = try retrying("bind") {
            withUnsafePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    Glibc.bind(fd, $0, socklen_t(length))
                }
            }
        }
        try listen(fd, backlog: backlog)
        var bound = sockaddr_storage()
        var boundLength = socklen_t(MemoryLayout<sockaddr_storage>.size)
        _ = try retrying("getsockname") {
            withUnsafeMutablePointer(to: &bound) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &boundLength) }
            }
        }
        // sin_port and sin6_port sit at the same offset, right after the family.
        let port = withUnsafeBytes(of: &bound) { $0.load(fromByteOffset: 2, as: UInt16.self) }
        return UInt16(bigEndian: port)
    }
}

extension sockaddr_storage {
    /// Puts `address` at the start of this storage. The copy happens inside both pointer
    /// scopes: a pointer carried out of `withUnsafeBytes` is undefined behaviour, and release
    /// builds did lose the port that way (`--listen 127.0.0.1:8686` listened elsewhere).
    fileprivate mutating func copy<Address>(from address: Address) {
        withUnsafeMutableBytes(of: &self) { storage in
            withUnsafeBytes(of: address) { storage.copyMemory(from: $0) }
        }
    }
}

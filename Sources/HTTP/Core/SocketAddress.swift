/// Where a server listens or a client connects: a TCP address on IPv4, or a Unix domain
/// socket (a file, private to its owner: the state directory's store socket).
public enum SocketAddress: Sendable, Hashable, CustomStringConvertible {
    case inet(host: String, port: UInt16)
    case unix(path: String)

    /// What a request's `Host` header names.
    public var hostHeader: String {
        switch self {
        case .inet(let host, let port): "\(host):\(port)"
        case .unix: "localhost"
        }
    }

    public var description: String {
        switch self {
        case .inet(let host, let port): "\(host):\(port)"
        case .unix(let path): path
        }
    }
}

/// Everything the HTTP module throws beyond a failed system call.
public enum HTTPError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A system call failed.
    case io(IOError)
    /// The peer sent something that is not HTTP/1.1 (the text says what).
    case malformed(String)
    /// The peer closed the connection before a whole message arrived.
    case connectionClosed
    /// Nothing arrived within the allowed time.
    case timedOut
    /// An address that is not a numeric IPv4 or IPv6 host with a port.
    case invalidAddress(String)

    public var description: String {
        switch self {
        case .io(let error): "\(error)"
        case .malformed(let what): "malformed HTTP: \(what)"
        case .connectionClosed: "the connection closed before the message was complete"
        case .timedOut: "timed out waiting for the peer"
        case .invalidAddress(let text): "'\(text)' is not an address like 127.0.0.1:8686 or [::1]:8686"
        }
    }
}

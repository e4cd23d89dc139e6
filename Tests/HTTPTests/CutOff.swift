import HTTP

#if canImport(Glibc)
    import Glibc
#endif

/// How a connection the server should cut off ended, as its client saw it. Only a 408 or the
/// server closing the connection count as cut off: a timeout means the server never answered,
/// and any other error is not the server's doing.
enum CutOff: Sendable, Equatable, CustomStringConvertible {
    /// The server answered with this status (nil when the answer was not a status line).
    case answered(Int?)
    /// The server closed the connection: end of stream.
    case closed
    /// The server closed the connection while the client was still writing (EPIPE, ECONNRESET).
    case reset
    /// Nothing happened: the connection is still open and the server silent.
    case stillOpen
    /// Something else went wrong.
    case failed(String)

    init(_ error: any Error) {
        switch error as? HTTPError {
        case .connectionClosed?: self = .closed
        case .io(let io)? where io.errnoCode == EPIPE || io.errnoCode == ECONNRESET: self = .reset
        case .timedOut?: self = .stillOpen
        default: self = .failed("\(error)")
        }
    }

    /// The first bytes a server sent, read as a status line.
    init(answer: [UInt8]) {
        guard !answer.isEmpty else {
            self = .closed
            return
        }
        let text = String(decoding: answer.prefix(12), as: UTF8.self)
        self = .answered(text.hasPrefix("HTTP/1.1 ") ? Int(text.dropFirst(9)) : nil)
    }

    /// Whether the server cut the client off: a 408, or closing the connection.
    var isCutOff: Bool { self == .answered(408) || self == .closed || self == .reset }

    var description: String {
        switch self {
        case .answered(let status): "answered \(status.map(String.init) ?? "something that is not HTTP")"
        case .closed: "closed by the server"
        case .reset: "reset by the server"
        case .stillOpen: "never answered nor closed"
        case .failed(let reason): "failed on the client's side: \(reason)"
        }
    }
}

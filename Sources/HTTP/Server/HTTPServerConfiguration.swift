import Foundation

/// Limits and timeouts of an `HTTPServer`. The defaults suit a local verification server.
public struct HTTPServerConfiguration: Sendable {
    public var host: String
    /// 0 picks a free port (tests); `HTTPServer.port` tells which.
    public var port: UInt16
    /// Listen on this Unix domain socket instead of `host:port`. The file is made mode 0600
    /// (only its owner may connect); one already there must be removed first by the caller,
    /// which alone knows whether it is stale.
    public var socketPath: String?
    /// A request head (request line + headers) over this is answered 431.
    public var maxHeaderBytes: Int
    /// A body over this is answered 413.
    public var maxBodyBytes: Int
    /// More header fields than this are answered 431.
    public var maxHeaderCount: Int
    /// Seconds from a request's first byte to its last: a client trickling bytes is answered
    /// 408 and cut off when it runs out, whatever it still sends.
    public var requestTimeout: Double
    /// Seconds a keep-alive connection may sit with no request before it is closed.
    public var idleTimeout: Double
    /// Seconds a new connection may take to send its first byte: connections that never
    /// speak are closed long before `idleTimeout`, so they cannot fill `maxConnections`.
    public var firstByteTimeout: Double
    /// Seconds a write may block on a client that does not read.
    public var sendTimeout: Double
    /// Connections served at once (one thread each). At the limit a new connection closes the
    /// connection idle the longest; only when none is idle is it answered 503 and closed.
    public var maxConnections: Int
    /// Seconds between heartbeat comments on event streams.
    public var heartbeatInterval: Double
    /// Formats the errors the server answers by itself (400, 408, 413, 431, 503...).
    public var errorResponse: @Sendable (_ status: Int, _ message: String) -> HTTPResponse
    /// Says what keeps the server from accepting connections (out of file descriptors, a
    /// listener that fails): nobody else could see it. Standard error by default.
    public var reportError: @Sendable (_ message: String) -> Void = { message in
        FileHandle.standardError.write(Data("HTTP server: \(message)\n".utf8))
    }

    public init(
        host: String = "127.0.0.1", port: UInt16 = 0, maxHeaderBytes: Int = 16 * 1024,
        maxBodyBytes: Int = 1024 * 1024, maxHeaderCount: Int = 100, requestTimeout: Double = 10,
        idleTimeout: Double = 60, firstByteTimeout: Double = 10,
        sendTimeout: Double = 10, maxConnections: Int = 1024, heartbeatInterval: Double = 15,
        errorResponse: @escaping @Sendable (Int, String) -> HTTPResponse = { .text($0, $1 + "\n") }
    ) {
        self.host = host
        self.port = port
        self.socketPath = nil
        self.maxHeaderBytes = maxHeaderBytes
        self.maxBodyBytes = maxBodyBytes
        self.maxHeaderCount = maxHeaderCount
        self.requestTimeout = requestTimeout
        self.idleTimeout = idleTimeout
        self.firstByteTimeout = firstByteTimeout
        self.sendTimeout = sendTimeout
        self.maxConnections = maxConnections
        self.heartbeatInterval = heartbeatInterval
        self.errorResponse = errorResponse
    }
}

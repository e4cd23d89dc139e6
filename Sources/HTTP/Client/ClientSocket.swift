import Descriptors
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A blocking TCP client connection for tests and the event-stream client: write bytes,
/// read bytes or one whole response. `shutdown()` from another thread unblocks a reader.
public final class ClientSocket: Sendable {
    private let descriptor: OwnedDescriptor
    /// Bytes read past the end of the last response.
    private let leftover = Mutex<[UInt8]>([])

    /// Connects to `host:port` (IPv4).
    public convenience init(host: String, port: UInt16) throws(HTTPError) {
        try self.init(address: .inet(host: host, port: port))
    }

    /// Connects to a TCP address or a Unix domain socket.
    public init(address: SocketAddress) throws(HTTPError) {
        switch address {
        case .inet(let host, let port):
            guard let inet = Posix.address(host: host, port: port) else {
                throw .invalidAddress("\(host):\(port)")
            }
            do {
                descriptor = try Posix.ownedSocket()
            } catch {
                throw .io(error)
            }
            do {
                try descriptor.withNumber { fd throws(IOError) in
                    try Posix.connect(fd, inet)
                    try Posix.setOption(fd, Int32(IPPROTO_TCP), TCP_NODELAY, 1)
                }
            } catch {
                descriptor.close()
                throw .io(error)
            }
        case .unix(let path):
            do {
                descriptor = try Posix.ownedSocket(family: AF_UNIX)
            } catch {
                throw .io(error)
            }
            do {
                try descriptor.withNumber { fd throws(IOError) in try Posix.connect(fd, unixPath: path) }
            } catch {
                descriptor.close()
                throw .io(error)
            }
        }
    }

    /// Whether the peer has closed (or reset) this idle connection: a kept-alive connection
    /// is checked before it is reused, so a request is not sent into a closed socket.
    public var isClosedByPeer: Bool {
        guard leftover.withLock({ $0.isEmpty }) else { return false }
        // A socket that cannot even be polled is not worth reusing: open a fresh one.
        guard let ready = descriptor.withNumber({ try? Posix.poll([$0], milliseconds: 0) }) else {
            return true
        }
        return ready[0] != 0
    }

    public func write(_ bytes: [UInt8]) throws(HTTPError) {
        do {
            try descriptor.withNumber { fd throws(IOError) in try Posix.sendAll(fd, bytes) }
        } catch {
            throw .io(error)
        }
    }

    public func write(_ text: String) throws(HTTPError) { try write(Array(text.utf8)) }

    /// The next bytes, waiting at most `timeout` seconds; empty at end of stream.
    public func read(timeout: Double = 30) throws(HTTPError) -> [UInt8] {
        let buffered = leftover.withLock { buffer in
            defer { buffer = [] }
            return buffer
        }
        if !buffered.isEmpty { return buffered }
        return try descriptor.withNumber { fd throws(HTTPError) in try Self.read(fd, timeout: timeout) }
    }

    private static func read(_ fd: Int32, timeout: Double) throws(HTTPError) -> [UInt8] {
        let ready: [Int16]
        do {
            ready = try Posix.poll([fd], milliseconds: Int32(timeout * 1000))
        } catch {
            throw .io(error)
        }
        guard ready[0] != 0 else { throw .timedOut }
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        do {
            let count = try Posix.receive(fd, into: &buffer)
            return Array(buffer[..<count])
        } catch {
            // A reset after the peer's last response is the end of the stream too.
            if error.errnoCode == ECONNRESET { return [] }
            throw .io(error)
        }
    }

    /// Reads up to the blank line that ends a response head: the head, and the bytes after it.
    func readHead(timeout: Double) throws(HTTPError) -> (head: ArraySlice<UInt8>, rest: [UInt8]) {
        var data: [UInt8] = []
        while true {
            let bytes = try read(timeout: timeout)
            if bytes.isEmpty { throw .connectionClosed }
            data += bytes
            if let end = HTTPRequestParser.find([13, 10, 13, 10], in: data, from: 0) {
                return (data[..<end], Array(data[(end + 4)...]))
            }
        }
    }

    /// One whole response: the head, then `Content-Length` bytes or everything until the
    /// server closes. Bytes after it stay for the next call (keep-alive).
    public func readResponse(timeout: Double = 30) throws(HTTPError) -> ClientResponse {
        let (head, rest) = try readHead(timeout: timeout)
        var response = try ClientResponse(head: head)
        var body = rest
        if let length = response.headers["Content-Length"].flatMap(Int.init) {
            while body.count < length {
                let bytes = try read(timeout: timeout)
                if bytes.isEmpty { throw .connectionClosed }
                body += bytes
            }
            leftover.withLock { $0 = Array(body[length...]) + $0 }
            body = Array(body[..<length])
        } else {
            while case let bytes = try read(timeout: timeout), !bytes.isEmpty { body += bytes }
        }
        response.body = body
        return response
    }

    /// Ends both directions: a blocked `read` returns end of stream. After `close()` there is
    /// nothing to shut down (an event stream's consumer may stop after its socket closed).
    public func shutdown() { descriptor.ifOpen { _ = Glibc.shutdown($0, Int32(SHUT_RDWR)) } }

    /// Closes the connection (at once, or when a read on another thread returns); again does
    /// nothing. Dropping the last reference closes it too.
    public func close() { descriptor.closeIfOpen() }
}

/// A response as `ClientSocket` reads it.
public struct ClientResponse: Sendable {
    public var status: Int
    public var headers: HTTPHeaders
    public var body: [UInt8]

    init(head: ArraySlice<UInt8>) throws(HTTPError) {
        let lines = String(decoding: head, as: UTF8.self).split(separator: "\r\n")
        let statusLine = lines.first?.split(separator: " ", maxSplits: 2) ?? []
        guard statusLine.count >= 2, statusLine[0].hasPrefix("HTTP/1."), let status = Int(statusLine[1])
        else {
            throw .malformed("bad status line")
        }
        self.status = status
        headers = HTTPHeaders()
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { throw .malformed("bad header line") }
            headers.add(
                String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            )
        }
        body = []
    }

    public var text: String { String(decoding: body, as: UTF8.self) }
}

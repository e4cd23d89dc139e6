import Dispatch
import Synchronization

/// A small HTTP/1.1 client with kept-alive connections, for a Unix domain socket (where
/// URLSession cannot go) or TCP. Its blocking socket I/O runs on Dispatch's global queues,
/// never on a cooperative thread. It says whether a failed request was sent at all, which
/// decides whether the caller may safely send it again.
public final class HTTPClient: Sendable {
    public enum Failure: Error, Sendable, CustomStringConvertible {
        /// No connection could be made, or the request could not be written whole (the server
        /// closed the connection first): the server cannot have acted on it.
        case unreachable(HTTPError)
        /// The request was sent whole and the connection ended before a whole
        /// response came back: the server may or may not have acted on it.
        case lost(HTTPError)

        public var description: String {
            switch self {
            case .unreachable(let error): "cannot connect (\(error))"
            case .lost(let error): "the connection ended before the answer (\(error))"
            }
        }
    }

    public let address: SocketAddress
    private let idle = Mutex<[ClientSocket]>([])
    private let maxIdle: Int

    public init(address: SocketAddress, maxIdle: Int = 4) {
        self.address = address
        self.maxIdle = maxIdle
    }

    deinit { idle.withLock { $0.forEach { $0.close() } } }

    /// Sends one request and reads its response.
    public func send(
        _ method: String, _ path: String, headers: [(String, String)] = [], body: [UInt8]? = nil,
        timeout: Double = 60
    ) async throws(Failure) -> ClientResponse {
        let result: Result<ClientResponse, Failure> = await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(
                    returning: self.sendBlocking(method, path, headers: headers, body: body, timeout: timeout)
                )
            }
        }
        return try result.get()
    }

    /// Closes the kept-alive connections (the server went away or changed).
    public func closeIdleConnections() {
        let sockets = idle.withLock { sockets in
            defer { sockets = [] }
            return sockets
        }
        sockets.forEach { $0.close() }
    }

    private func sendBlocking(
        _ method: String, _ path: String, headers: [(String, String)], body: [UInt8]?, timeout: Double
    ) -> Result<ClientResponse, Failure> {
        var request = "\(method) \(path) HTTP/1.1\r\nHost: \(address.hostHeader)\r\n"
        for (name, value) in headers { request += "\(name): \(value)\r\n" }
        request += "Content-Length: \(body?.count ?? 0)\r\n\r\n"
        let bytes = Array(request.utf8) + (body ?? [])
        let socket: ClientSocket
        if let kept = takeIdle() {
            socket = kept
        } else {
            do {
                socket = try ClientSocket(address: address)
            } catch {
                return .failure(.unreachable(error))
            }
        }
        do {
            try socket.write(bytes)
        } catch {
            // A request cut short is not one the server can parse, let alone act on.
            socket.close()
            return .failure(.unreachable(error))
        }
        do {
            let response = try socket.readResponse(timeout: timeout)
            if response.headers["Connection"]?.lowercased() == "close" {
                socket.close()
            } else {
                keep(socket)
            }
            return .success(response)
        } catch {
            socket.close()
            return .failure(.lost(error))
        }
    }

    /// A kept-alive connection the server has not closed meanwhile.
    private func takeIdle() -> ClientSocket? {
        while let socket = idle.withLock({ $0.popLast() }) {
            if !socket.isClosedByPeer { return socket }
            socket.close()
        }
        return nil
    }

    private func keep(_ socket: ClientSocket) {
        let kept = idle.withLock { sockets in
            guard sockets.count < maxIdle else { return false }
            sockets.append(socket)
            return true
        }
        if !kept { socket.close() }
    }
}

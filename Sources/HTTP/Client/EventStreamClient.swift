import Foundation

/// A client for a server-sent event stream on a plain socket, because URLSession on Linux
/// has no `bytes(for:)`. It connects once; reconnecting (with `Last-Event-ID`) is the
/// caller's choice, so the caller owns backoff and resume.
public enum EventStreamClient {
    /// An open stream, or the server's refusal.
    public enum Outcome: Sendable {
        /// 200: the events, until the server closes (the stream then finishes) or the
        /// consumer stops iterating (the socket is then shut down).
        case events(AsyncThrowingStream<ServerSentEvent, any Error>)
        /// Any other status, with the body the server sent.
        case refused(ClientResponse)
    }

    /// Sends `GET path` to `host:port` and waits for the response head.
    public static func open(host: String, port: UInt16, path: String, headers: HTTPHeaders = [:])
        async throws(HTTPError) -> Outcome
    {
        try await open(address: .inet(host: host, port: port), path: path, headers: headers)
    }

    /// Sends `GET path` to a TCP address or a Unix socket and waits for the response head.
    public static func open(address: SocketAddress, path: String, headers: HTTPHeaders = [:])
        async throws(HTTPError) -> Outcome
    {
        let result: Result<Outcome, HTTPError> = await withCheckedContinuation { continuation in
            let thread = Thread {
                run(address: address, path: path, headers: headers) {
                    continuation.resume(returning: $0)
                }
            }
            thread.stackSize = 256 * 1024
            thread.start()
        }
        return try result.get()
    }

    /// Connects, reports the head through `opened`, then reads events until the end.
    private static func run(
        address: SocketAddress, path: String, headers: HTTPHeaders,
        opened: (Result<Outcome, HTTPError>) -> Void
    ) {
        let socket: ClientSocket
        var parser = ServerSentEventParser()
        var early: [ServerSentEvent] = []
        do {
            socket = try ClientSocket(address: address)
            var request =
                "GET \(path) HTTP/1.1\r\nHost: \(address.hostHeader)\r\nAccept: text/event-stream\r\n"
            for (name, value) in headers { request += "\(name): \(value)\r\n" }
            try socket.write(request + "\r\n")
            let (headBytes, rest) = try socket.readHead(timeout: 30)
            let head = try ClientResponse(head: headBytes)
            guard head.status == 200 else {
                var refusal = head
                refusal.body = rest
                if let length = head.headers["Content-Length"].flatMap(Int.init) {
                    while refusal.body.count < length, case let bytes = try socket.read(), !bytes.isEmpty {
                        refusal.body += bytes
                    }
                }
                opened(.success(.refused(refusal)))
                return
            }
            early = parser.feed(rest)
        } catch {
            // Everything in the block throws HTTPError (typed), so the error needs no cast.
            opened(.failure(error))
            return
        }
        let continuation = handOver(early, socket: socket, to: opened)
        while true {
            do {
                // Heartbeats arrive every few seconds; a long silence means a dead peer.
                let bytes = try socket.read(timeout: 120)
                if bytes.isEmpty { break }
                for event in parser.feed(bytes) { continuation.yield(event) }
            } catch {
                continuation.finish(throwing: error)
                return
            }
        }
        continuation.finish()
    }

    /// Makes the stream and gives it away: this thread must not keep a reference, or the
    /// stream would never end when its consumer drops it.
    private static func handOver(
        _ early: [ServerSentEvent], socket: ClientSocket, to opened: (Result<Outcome, HTTPError>) -> Void
    ) -> AsyncThrowingStream<ServerSentEvent, any Error>.Continuation {
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: ServerSentEvent.self)
        continuation.onTermination = { _ in socket.shutdown() }
        for event in early { continuation.yield(event) }
        opened(.success(.events(stream)))
        return continuation
    }
}

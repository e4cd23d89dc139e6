import Dispatch
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// One client connection, served on its own thread: read requests under the idle and read
/// deadlines, hand each to the handler, write the response, until either side closes.
struct Connection {
    /// Lent for the connection's whole life by its `OwnedDescriptor`, which closes it after.
    let fd: Int32
    /// The server's shutdown pipe (read end), lent likewise.
    let wake: Int32
    let server: HTTPServer
    /// Tells the acceptor when this connection waits idle (it may then be closed for a new one).
    let slot: ConnectionSlot
    /// Runs the handlers' tasks on this connection's thread.
    private let executor = ConnectionExecutor()

    private var configuration: HTTPServerConfiguration { server.configuration }

    func run() {
        defer { executor.drain() }
        let timeout = timeval(
            tv_sec: Int(configuration.sendTimeout),
            tv_usec: Int((configuration.sendTimeout - configuration.sendTimeout.rounded(.down)) * 1_000_000))
        var sendTimeout = timeout
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &sendTimeout, socklen_t(MemoryLayout<timeval>.size))
        // Only a latency hint, and a Unix socket has no such option: without it the answers
        // are the same, a little later.
        try? Posix.setOption(fd, Int32(IPPROTO_TCP), TCP_NODELAY, 1)
        var parser = HTTPRequestParser(
            maxHeaderBytes: configuration.maxHeaderBytes, maxBodyBytes: configuration.maxBodyBytes,
            maxHeaderCount: configuration.maxHeaderCount)
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        var requestStarted: Date?
        var heardFrom = false
        while true {
            // Serve every request already buffered (pipelining) before reading more.
            do {
                while let request = try parser.next() {
                    requestStarted = parser.hasPartialRequest ? Date() : nil
                    guard serve(request) else { return }
                }
            } catch {
                send(configuration.errorResponse(error.status, error.reason), close: true)
                return
            }
            if server.isShuttingDown && !parser.hasPartialRequest { return }
            let deadline: Date
            if parser.hasPartialRequest {
                let start = requestStarted ?? Date()
                requestStarted = start
                deadline = start.addingTimeInterval(configuration.requestTimeout)
            } else {
                // A connection that never sent a byte gets the short first-byte deadline.
                let wait = heardFrom ? configuration.idleTimeout : configuration.firstByteTimeout
                deadline = Date().addingTimeInterval(wait)
                slot.markIdle()
            }
            switch waitReadable(until: deadline) {
            case .readable: break
            case .woken: if !parser.hasPartialRequest { return } else { continue }
            case .timedOut:
                if parser.hasPartialRequest {
                    send(configuration.errorResponse(408, "the request took too long to arrive"), close: true)
                }
                return
            }
            // A read that fails (reset, evicted) is the client gone, as end of file is: the
            // connection ends, and there is no one to answer.
            guard slot.markBusy(), let count = try? Posix.receive(fd, into: &buffer), count > 0 else {
                return
            }
            heardFrom = true
            parser.append(buffer[..<count])
            if requestStarted == nil { requestStarted = Date() }
        }
    }

    enum Readiness { case readable, woken, timedOut }

    /// Waits for bytes from the client, the shutdown signal, or the deadline.
    private func waitReadable(until deadline: Date) -> Readiness {
        while true {
            let remaining = deadline.timeIntervalSinceNow
            if remaining <= 0 { return .timedOut }
            let milliseconds = Int32(min(remaining * 1000, 60_000).rounded(.up))
            // poll fails only without memory or with a closed descriptor: this connection
            // cannot wait any longer, so it ends as a timed-out one does.
            guard let ready = try? Posix.poll([fd, wake], milliseconds: milliseconds) else {
                return .timedOut
            }
            if ready[0] != 0 { return .readable }
            if ready[1] != 0 && !server.isShuttingDown { continue }
            if ready[1] != 0 { return .woken }
        }
    }

    /// Answers one request; false when the connection must close.
    private func serve(_ request: HTTPRequest) -> Bool {
        let response = respond(to: request)
        let close = !request.keepAlive || server.isShuttingDown
        if case .stream(let producer) = response.body {
            stream(response, producer: producer)
            return false
        }
        return send(response, close: close, omitBody: request.method == "HEAD")
    }

    /// Runs the async handler and waits for it on this (non-cooperative) thread.
    private func respond(to request: HTTPRequest) -> HTTPResponse {
        let slot = ResponseSlot()
        let handler = server.handler
        Task(executorPreference: executor) {
            slot.put(await handler(request))
        }
        executor.run(until: slot)
        return slot.take()
    }

    /// Writes a whole response; false when the connection must close.
    @discardableResult
    func send(_ response: HTTPResponse, close: Bool, omitBody: Bool = false) -> Bool {
        let body = response.bodyBytes
        var head = "HTTP/1.1 \(response.status) \(HTTPResponse.reason(response.status))\r\n"
        for (name, value) in response.headers
        where !["content-length", "connection"].contains(name.lowercased()) {
            head += "\(name): \(value)\r\n"
        }
        head += "Content-Length: \(body.count)\r\n"
        if close { head += "Connection: close\r\n" }
        head += "\r\n"
        do {
            try Posix.sendAll(fd, Array(head.utf8) + (omitBody ? [] : body))
        } catch {
            return false
        }
        return !close
    }

    /// Sends the head of a streaming response, then lets the producer write until it returns,
    /// the client goes away or the server shuts down.
    private func stream(_ response: HTTPResponse, producer: @escaping @Sendable (StreamWriter) async -> Void)
    {
        var head = "HTTP/1.1 \(response.status) \(HTTPResponse.reason(response.status))\r\n"
        for (name, value) in response.headers { head += "\(name): \(value)\r\n" }
        head += "Connection: close\r\n\r\n"
        let writer = StreamWriter(fd: fd, sendTimeout: configuration.sendTimeout)
        // The client left before the head went out: nothing to stream to.
        guard (try? writer.write(Array(head.utf8))) != nil else { return }
        let done = ResponseSlot()
        let task = Task {
            await producer(writer)
            done.put(.text(200, ""))
        }
        let heartbeat = configuration.heartbeatInterval
        var lastBeat = Date()
        var scratch = [UInt8](repeating: 0, count: 4096)
        while !done.isFilled {
            // A failed poll reads as "client readable": the receive below then sees the
            // trouble and ends the stream.
            let ready = (try? Posix.poll([fd, wake], milliseconds: 100)) ?? [1, 0]
            if ready[1] != 0 && server.isShuttingDown { break }
            if ready[0] != 0 {
                // Anything the client sends now is ignored; end of file means it left.
                // A failed read is a client gone, as end of file is.
                let count = (try? Posix.receive(fd, into: &scratch)) ?? 0
                if count <= 0 { break }
            }
            writer.flush()
            if Date().timeIntervalSince(lastBeat) >= heartbeat {
                lastBeat = Date()
                // A heartbeat the client does not take: it has gone, the stream ends.
                if (try? writer.heartbeat()) == nil { break }
            }
            if writer.isClosed { break }
        }
        task.cancel()
        _ = done.take()
        // A producer that kept the writer (a subscriber list) must never write to this number
        // once the connection closes it and the kernel gives it to another socket.
        defer { writer.end() }
        // What the producer wrote last may still wait for the socket: send it before closing.
        while writer.hasBacklog && !server.isShuttingDown {
            // Only a pause until the socket may take more; flush finds out if it cannot.
            _ = try? Posix.poll([fd], events: Int16(POLLOUT), milliseconds: 100)
            writer.flush()
        }
    }
}

/// A one-shot hand-over from a task to the waiting connection thread.
final class ResponseSlot: Sendable {
    private let value = Mutex<HTTPResponse?>(nil)
    private let ready = DispatchSemaphore(value: 0)

    func put(_ response: HTTPResponse) {
        value.withLock { $0 = response }
        ready.signal()
    }

    var isFilled: Bool { value.withLock { $0 != nil } }

    /// Blocks until `put`, then returns the response.
    func take() -> HTTPResponse {
        ready.wait()
        ready.signal()  // later takers (and isFilled) see it too
        // `put` stores the response before it signals, and nothing clears it: never nil here.
        return value.withLock { $0! }
    }
}

import Foundation
import HTTP
import Synchronization
import TestSupport
import Testing

/// A server on 127.0.0.1 and a free port for one test.
func withServer(
    _ configuration: HTTPServerConfiguration = .init(), handler: @escaping HTTPServer.Handler = echo,
    _ body: (HTTPServer) async throws -> Void
) async throws {
    let server = try HTTPServer(configuration: configuration, handler: handler)
    server.start()
    do {
        try await body(server)
    } catch {
        await server.stop(gracePeriod: 5)
        throw error
    }
    await server.stop(gracePeriod: 5)
}

/// Runs blocking socket code on a thread of its own: a test blocking a cooperative thread
/// (two on a two-core machine) would starve the server's handler tasks.
func blocking<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    let result: Result<T, any Error> = await withCheckedContinuation { continuation in
        Thread { continuation.resume(returning: Result { try body() }) }.start()
    }
    return try result.get()
}

@Sendable func echo(_ request: HTTPRequest) async -> HTTPResponse {
    .text(200, "\(request.method) \(request.target) \(request.body.count)")
}

func get(_ path: String, close: Bool = false) -> String {
    "GET \(path) HTTP/1.1\r\nHost: test\r\n\(close ? "Connection: close\r\n" : "")\r\n"
}

@Suite struct ServerTests {
    @Test func keepAliveServesManyRequestsOnOneConnection() async throws {
        try await withServer { server in
            let port = server.port
            let (texts, closeHeader, eof) = try await blocking {
                let socket = try ClientSocket(host: "127.0.0.1", port: port)
                var texts: [String] = []
                for index in 0..<5 {
                    try socket.write(get("/n/\(index)"))
                    texts.append(try socket.readResponse().text)
                }
                // Pipelined: two requests in one write, two responses in order.
                try socket.write(
                    get("/p/1") + "POST /p/2 HTTP/1.1\r\nHost: t\r\nContent-Length: 3\r\n\r\nabc")
                texts.append(try socket.readResponse().text)
                texts.append(try socket.readResponse().text)
                try socket.write(get("/last", close: true))
                let last = try socket.readResponse()
                return (texts, last.headers["Connection"], try socket.read().isEmpty)
            }
            #expect(texts == (0..<5).map { "GET /n/\($0) 0" } + ["GET /p/1 0", "POST /p/2 3"])
            #expect(closeHeader == "close" && eof)
        }
    }

    @Test func chunkedRequestBody() async throws {
        try await withServer { server in
            let port = server.port
            let text = try await blocking {
                let socket = try ClientSocket(host: "127.0.0.1", port: port)
                try socket.write(
                    "POST /c HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n")
                return try socket.readResponse().text
            }
            #expect(text == "POST /c 3")
        }
    }

    @Test func limitsAndMalformedRequestsGetAStatusAndAClose() async throws {
        let configuration = HTTPServerConfiguration(maxHeaderBytes: 1024, maxBodyBytes: 100)
        try await withServer(configuration) { server in
            let port = server.port
            let cases: [(String, Int)] = [
                ("POST /big HTTP/1.1\r\nHost: t\r\nContent-Length: 101\r\n\r\n", 413),
                ("GET / HTTP/1.1\r\nHost: t\r\nX-Big: \(String(repeating: "x", count: 2048))\r\n\r\n", 431),
                ("NOT HTTP AT ALL\r\n\r\n", 400),
                ("GET / HTTP/1.1\r\nHost: t\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n", 400),
            ]
            for (request, status) in cases {
                let (got, connection, eof) = try await blocking {
                    let socket = try ClientSocket(host: "127.0.0.1", port: port)
                    try socket.write(request)
                    let response = try socket.readResponse()
                    return (response.status, response.headers["Connection"], try socket.read().isEmpty)
                }
                #expect(got == status && connection == "close" && eof)
            }
            // The server is still fine.
            let status = try await blocking {
                let socket = try ClientSocket(host: "127.0.0.1", port: port)
                try socket.write(get("/ok"))
                return try socket.readResponse().status
            }
            #expect(status == 200)
        }
    }

    @Test func aSlowClientIsCutOffWhileOthersAreServed() async throws {
        let configuration = HTTPServerConfiguration(requestTimeout: 0.5, idleTimeout: 5)
        try await withServer(configuration) { server in
            let port = server.port
            let (cutOff, servedMeanwhile) = try await blocking {
                let slow = try ClientSocket(host: "127.0.0.1", port: port)
                let fast = try ClientSocket(host: "127.0.0.1", port: port)
                var servedMeanwhile = 0
                var cutOff = CutOff.stillOpen
                // One byte every 50 ms: the head would need 1.5 s, the deadline is 0.5 s.
                for byte in Array(get("/slow").utf8) {
                    do {
                        try slow.write([byte])
                    } catch {
                        cutOff = CutOff(error)
                        break
                    }
                    try fast.write(get("/fast"))
                    if try fast.readResponse().status == 200 { servedMeanwhile += 1 }
                    Thread.sleep(forTimeInterval: 0.05)
                }
                if cutOff == .stillOpen {
                    do {
                        cutOff = .answered(try slow.readResponse(timeout: 60).status)
                    } catch {
                        cutOff = CutOff(error)
                    }
                }
                return (cutOff, servedMeanwhile)
            }
            #expect(cutOff.isCutOff, "the slow client was \(cutOff), not cut off by a 408 or a close")
            #expect(servedMeanwhile > 0)
        }
    }

    @Test func twoHundredFiftySixConcurrentKeepAliveConnections() async throws {
        try await withServer { server in
            let port = server.port
            let (mismatches, open) = try await blocking {
                let sockets = try (0..<256).map { _ in try ClientSocket(host: "127.0.0.1", port: port) }
                var mismatches = 0
                for round in 0..<2 {
                    for (index, socket) in sockets.enumerated() {
                        try socket.write(get("/c/\(index)/\(round)"))
                    }
                    for (index, socket) in sockets.enumerated()
                    where try socket.readResponse().text != "GET /c/\(index)/\(round) 0" {
                        mismatches += 1
                    }
                }
                return (mismatches, server.connectionCount)
            }
            #expect(mismatches == 0)
            #expect(open == 256)
        }
    }

    @Test func gracefulShutdownFinishesRequestsInFlight() async throws {
        let started = Mutex(false)
        // The handler finishes only once shutdown has begun, whatever the machine's load.
        let release = Mutex(false)
        let server = try HTTPServer { request in
            started.withLock { $0 = true }
            // Past the deadline the handler answers anyway: the test's own checks then fail.
            try? await waitUntil("the test to release the handler", seconds: 120) { release.withLock { $0 } }
            return .text(200, "finished")
        }
        server.start()
        let port = server.port
        let socket = try ClientSocket(host: "127.0.0.1", port: port)
        try socket.write(get("/work"))
        try await waitUntil("the handler to start") { started.withLock { $0 } }
        let stopped = DispatchSemaphore(value: 0)
        Thread {
            server.shutdown(gracePeriod: 60)
            stopped.signal()
        }.start()
        try await waitUntil("the server to begin shutting down") { server.isShuttingDown }
        release.withLock { $0 = true }
        let response = try await blocking { try socket.readResponse() }
        let finished = try await blocking { stopped.wait(timeout: .now() + 90) == .success }
        #expect(finished, "shutdown(gracePeriod: 60) did not return within 90 s")
        #expect(response.text == "finished")
        #expect(response.headers["Connection"] == "close")
        #expect(server.isStopped)
        // Nobody listens any more.
        #expect(throws: HTTPError.self) { _ = try ClientSocket(host: "127.0.0.1", port: port) }
    }
}

import Foundation
import HTTP
import Synchronization
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Connections that never send a byte must not lock out clients that do (issue 11, item 4).
@Suite struct ConnectionPressureTests {
    /// Waits (at most 60 s) until the server counts `count` open connections.
    func waitForConnections(_ server: HTTPServer, _ count: Int) async throws {
        do {
            try await waitUntil("\(count) open connections") { server.connectionCount >= count }
        } catch is DeadlineExceeded {
            Issue.record("the server counts \(server.connectionCount) connections, expected \(count)")
        }
    }

    @Test func silentConnectionsAreCutOffByTheFirstByteDeadline() async throws {
        // The idle timeout is long: only the first-byte deadline can close this connection.
        let configuration = HTTPServerConfiguration(idleTimeout: 120, firstByteTimeout: 0.3)
        try await withServer(configuration) { server in
            let port = server.port
            let answer = try await blocking {
                let silent = try ClientSocket(host: "127.0.0.1", port: port)
                defer { silent.close() }
                return try silent.read(timeout: 60)
            }
            #expect(answer.isEmpty, "the server closed the silent connection without a response")
            #expect(try await blocking { try servesOthers(port) })
        }
    }

    @Test func aRequestAtTheLimitClosesTheOldestIdleConnectionInsteadOf503() async throws {
        let configuration = HTTPServerConfiguration(
            idleTimeout: 120, firstByteTimeout: 120, maxConnections: 8)
        try await withServer(configuration) { server in
            let port = server.port
            let idle = try (0..<8).map { _ in try ClientSocket(host: "127.0.0.1", port: port) }
            defer { idle.forEach { $0.close() } }
            try await waitForConnections(server, 8)
            let statuses = try await blocking {
                try (0..<3).map { _ in try exchange(port, Array(get("/real", close: true).utf8)).status }
            }
            #expect(statuses == [200, 200, 200])
            // The first request closed the oldest silent connection. (Whether the next ones
            // found room or closed the next oldest depends on how soon the closed connections'
            // threads were counted out; at most three were closed, so the newest is still open.)
            let oldest = try await blocking { try idle[0].read(timeout: 60) }
            #expect(oldest.isEmpty)
            let next = try await blocking {
                try idle[7].write(get("/late", close: true))
                return try idle[7].readResponse(timeout: 60).status
            }
            #expect(next == 200)
        }
    }

    @Test func aBusyServerStillAnswers503WhenNoConnectionIsIdle() async throws {
        let release = DispatchSemaphore(value: 0)
        let entered = Mutex(0)
        let slow: HTTPServer.Handler = { request in
            if request.target == "/hold" {
                entered.withLock { $0 += 1 }
                await withCheckedContinuation { continuation in
                    Thread {
                        _ = release.wait(timeout: .now() + 60)
                        continuation.resume()
                    }.start()
                }
            }
            return .text(200, "ok")
        }
        let configuration = HTTPServerConfiguration(maxConnections: 2)
        try await withServer(configuration, handler: slow) { server in
            let port = server.port
            let held = try (0..<2).map { _ in try ClientSocket(host: "127.0.0.1", port: port) }
            for socket in held { try socket.write(get("/hold")) }
            try await waitUntil("both requests inside the handler") {
                entered.withLock { $0 } == 2
            }
            // Both connections are inside a request: nothing may be closed for a newcomer.
            let status = try await blocking {
                try exchange(port, Array(get("/new", close: true).utf8)).status
            }
            #expect(status == 503)
            release.signal()
            release.signal()
            let answers = try await blocking { try held.map { try $0.readResponse(timeout: 60).status } }
            #expect(answers == [200, 200])
            held.forEach { $0.close() }
        }
    }

    @Test func listensOnIPv6Loopback() async throws {
        try await withServer(HTTPServerConfiguration(host: "::1", port: 0)) { server in
            let port = server.port
            let reply = try await blocking { try Self.getOverIPv6(port: port) }
            #expect(reply.hasPrefix("HTTP/1.1 200"), "\(reply)")
        }
        #expect(throws: HTTPError.invalidAddress("[::zz]:0")) {
            try HTTPServer(configuration: HTTPServerConfiguration(host: "::zz", port: 0)) { _ in
                .text(200, "")
            }
        }
    }

    /// One GET to [::1]:port with plain system calls (the client module speaks IPv4).
    static func getOverIPv6(port: UInt16) throws -> String {
        let fd = socket(AF_INET6, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in6()
        address.sin6_family = sa_family_t(AF_INET6)
        address.sin6_port = port.bigEndian
        _ = inet_pton(AF_INET6, "::1", &address.sin6_addr)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in6>.size))
            }
        }
        guard connected == 0 else { return "connect failed: errno \(errno)" }
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let request = Array(get("/v6", close: true).utf8)
        _ = request.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, 0) }
        var buffer = [UInt8](repeating: 0, count: 1024)
        let count = recv(fd, &buffer, buffer.count, 0)
        return count > 0 ? String(decoding: buffer[..<count], as: UTF8.self) : "no answer"
    }
}

import Foundation
import HTTP
import Testing

/// A server shutting down tells the clients it did not serve that it did nothing (503), where
/// a reset would leave them unsure whether their request was acted on (issue 22, item 6).
@Suite struct ShutdownRefusalTests {
    @Test func connectionsWaitingToBeAcceptedAtShutdownAre503NotReset() async throws {
        // Not started yet: the connections wait in the listener's backlog, as they do when a
        // busy owner quits.
        let server = try HTTPServer(configuration: HTTPServerConfiguration()) { _ in .text(200, "served") }
        let port = server.port
        let waiting = try (0..<3).map { _ in try ClientSocket(host: "127.0.0.1", port: port) }
        defer { waiting.forEach { $0.close() } }
        for socket in waiting { try socket.write(get("/buy", close: true)) }
        server.shutdown(gracePeriod: 0)
        server.start()
        let answers = try await blocking {
            try waiting.map { socket in
                let response = try socket.readResponse(timeout: 60)
                return "\(response.status) \(String(decoding: response.body, as: UTF8.self))"
            }
        }
        #expect(answers == Array(repeating: "503 the server is shutting down\n", count: 3))
        await server.stop(gracePeriod: 5)
        #expect(server.isStopped)
    }
}

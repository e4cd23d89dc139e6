import Foundation
import HTTP
import TestSupport
import Testing

@Suite struct EventStreamTests {
    /// A stream that numbers events and resumes after `Last-Event-ID`.
    @Sendable static func counter(_ request: HTTPRequest) async -> HTTPResponse {
        let start = Int(request.headers["Last-Event-ID"] ?? "0") ?? 0
        return .eventStream { writer in
            for number in (start + 1)...(start + 3) {
                guard
                    (try? writer.write(ServerSentEvent(id: "\(number)", event: "tick", data: "\(number)")))
                        != nil
                else { return }
            }
            // Then stay open until the client leaves (the task is cancelled).
            while !Task.isCancelled { try? await Task.sleep(for: .milliseconds(20)) }
        }
    }

    /// The first `count` events of a new connection; the stream is dropped on return, which
    /// closes the connection.
    static func take(_ count: Int, port: UInt16, lastEventID: String? = nil) async throws -> [ServerSentEvent]
    {
        let headers: HTTPHeaders = lastEventID.map { ["Last-Event-ID": $0] } ?? [:]
        guard
            case .events(let stream) = try await EventStreamClient.open(
                host: "127.0.0.1", port: port, path: "/s", headers: headers)
        else { throw HTTPError.connectionClosed }
        var events: [ServerSentEvent] = []
        for try await event in stream {
            events.append(event)
            if events.count == count { break }
        }
        return events
    }

    @Test func resumesFromLastEventID() async throws {
        try await withServer(handler: Self.counter) { server in
            let first = try await Self.take(2, port: server.port)
            #expect(first.map(\.data) == ["1", "2"])
            let resumed = try await Self.take(3, port: server.port, lastEventID: first.last?.id)
            #expect(resumed.map(\.id) == ["3", "4", "5"])
            // The server notices both clients left.
            try await waitUntil("the server to notice both clients left") {
                server.connectionCount == 0
            }
        }
    }

    @Test func aRefusalCarriesItsBody() async throws {
        try await withServer(handler: { _ in .json(401, Array("{\"errorCode\":1}".utf8)) }) { server in
            guard
                case .refused(let response) = try await EventStreamClient.open(
                    host: "127.0.0.1", port: server.port, path: "/s")
            else {
                Issue.record("expected a refusal")
                return
            }
            #expect(response.status == 401 && response.text == "{\"errorCode\":1}")
        }
    }

    @Test func shutdownEndsOpenStreams() async throws {
        let server = try HTTPServer(handler: Self.counter)
        server.start()
        guard
            case .events(let stream) = try await EventStreamClient.open(
                host: "127.0.0.1", port: server.port, path: "/s")
        else { throw HTTPError.connectionClosed }
        async let stopped: Void = server.stop(gracePeriod: 5)
        var count = 0
        for try await _ in stream { count += 1 }
        await stopped
        #expect(count == 3)
        #expect(server.isStopped)
    }
}

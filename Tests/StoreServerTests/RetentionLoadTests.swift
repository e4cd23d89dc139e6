import Foundation
import HTTP
import Simulator
import StoreServer
import Synchronization
import Testing

/// `kiosk retention test` and Initiate Performance Test's load: what it sends, to whom, how
/// much, and Apple's verdict for a fast endpoint, a stalled one, garbage and errors.
@Suite struct RetentionLoadTests {
    /// An endpoint that counts what it receives and answers with `answer`, or holds every
    /// request until `release` when `answer` is nil (a server that never answers in time).
    final class Endpoint: Sendable {
        final class Seen: Sendable {
            let received = Mutex(0)
            let held = Mutex<[CheckedContinuation<Void, Never>]>([])
        }

        let seen = Seen()
        let server: HTTPServer

        init(answer: HTTPResponse?) throws {
            let seen = seen
            server = try HTTPServer(configuration: HTTPServerConfiguration(port: 0)) { request in
                seen.received.withLock { $0 += 1 }
                guard let answer else {
                    await withCheckedContinuation { continuation in
                        seen.held.withLock { $0.append(continuation) }
                    }
                    return HTTPResponse(status: 200)
                }
                return answer
            }
            server.start()
        }

        var url: String { "http://127.0.0.1:\(server.port)/retention" }

        func stop() async {
            for continuation in seen.held.withLock({ list in
                defer { list = [] }; return list
            }) { continuation.resume() }
            await server.stop(gracePeriod: 1)
        }
    }

    static func config(requests: Int, threshold: Int = 700) -> RetentionPerformanceTest.Config {
        RetentionPerformanceTest.Config(
            maxConcurrentRequests: 4, totalRequests: requests, totalDuration: 60_000,
            responseTimeThreshold: threshold, successRateThreshold: 95)
    }

    static func run(_ endpoint: Endpoint, _ config: RetentionPerformanceTest.Config) async throws
        -> RetentionLoad.Outcome
    {
        let progress = Mutex(0)
        let outcome = await RetentionLoad.run(
            endpoint: try RetentionEndpoint(url: endpoint.url), config: config,
            sign: { "header.payload.signature" },
            progress: { done, _ in progress.withLock { $0 = max($0, done) } })
        #expect(progress.withLock { $0 } == outcome.calls.count)
        return outcome
    }

    @Test func aFastEndpointPassesWithEveryRequestCountedOnce() async throws {
        let endpoint = try Endpoint(answer: .json(200, Array(#"{"message":{}}"#.utf8)))
        let outcome = try await Self.run(endpoint, Self.config(requests: 20))
        let received = endpoint.seen.received.withLock { $0 }
        await endpoint.stop()
        #expect(received == 20)
        #expect(outcome.passed && outcome.successRate == 100 && outcome.failures.isEmpty)
        let times = try #require(outcome.responseTimes)
        #expect(times.p50 <= times.p90 && times.p90 <= times.p95 && times.p95 <= times.p99)
        #expect(outcome.report(target: endpoint.url).hasPrefix("PASS  \(endpoint.url)"))
    }

    @Test func anEndpointThatDoesNotAnswerFailsAsTimedOut() async throws {
        let endpoint = try Endpoint(answer: nil)
        let outcome = try await Self.run(endpoint, Self.config(requests: 4, threshold: 100))
        await endpoint.stop()
        #expect(!outcome.passed && outcome.successRate == 0)
        #expect(outcome.failures == ["TIMED_OUT": 4])
        #expect(outcome.report(target: endpoint.url).contains("TIMED_OUT: 4"))
    }

    @Test func garbageAndErrorsFailByKind() async throws {
        let garbage = try Endpoint(
            answer: HTTPResponse(status: 200, headers: [:], body: .bytes(Array("ok".utf8))))
        let broken = try Endpoint(answer: .json(500, Array("{}".utf8)))
        let notJSON = try await Self.run(garbage, Self.config(requests: 3))
        let failing = try await Self.run(broken, Self.config(requests: 3))
        await garbage.stop()
        await broken.stop()
        #expect(notJSON.failures == ["INVALID_RESPONSE": 3] && !notJSON.passed)
        #expect(failing.failures == ["UNSUCCESSFUL_HTTP_RESPONSE_CODE": 3] && !failing.passed)
    }

    @Test func nothingButHTTPURLsWithAHostAreCalled() {
        for url in ["ftp://example.com/x", "file:///etc/passwd", "http:///nohost", "not a url"] {
            #expect(throws: RetentionEndpointError.self) { try RetentionEndpoint(url: url) }
        }
    }
}

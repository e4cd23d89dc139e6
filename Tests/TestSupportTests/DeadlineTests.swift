import TestSupport
import Testing

/// The waits every test uses fail, naming what they waited for, instead of hanging.
@Suite struct DeadlineTests {
    @Test func anIncomingElementThatNeverComesFailsNamingIt() async throws {
        let (stream, continuation) = AsyncStream<Int>.makeStream()
        let incoming = Incoming(stream)
        continuation.yield(1)
        #expect(try await incoming.next(waitingFor: "the first") == 1)
        let error = await #expect(throws: DeadlineExceeded.self) {
            try await incoming.next(waitingFor: "the renewal", seconds: 0.2)
        }
        #expect(error?.description == "gave up after 0.2 s waiting for the renewal")
        // Elements arriving after a missed deadline are still delivered, in order.
        continuation.yield(2)
        continuation.yield(3)
        continuation.finish()
        #expect(try await incoming.next(2, waitingFor: "two more") == [2, 3])
        #expect(try await incoming.next(waitingFor: "the end") == nil)
    }

    @Test func aBodyThatIgnoresCancellationStillFailsAtTheDeadline() async throws {
        let error = await #expect(throws: DeadlineExceeded.self) {
            try await withDeadline(seconds: 0.2, waitingFor: "a stuck body") {
                // Ignores cancellation on purpose, for up to 5 s.
                for _ in 0..<50 { try? await Task.sleep(for: .milliseconds(100)) }
                return 0
            }
        }
        #expect(error?.what == "a stuck body")
        #expect(try await withDeadline(waitingFor: "a quick body") { 42 } == 42)
    }

    @Test func pollingWaitsFailNamingTheirCondition() async throws {
        let error = #expect(throws: DeadlineExceeded.self) {
            try blockUntil("3 connections (have 0)", seconds: 0.1) { false }
        }
        #expect(error?.what == "3 connections (have 0)")
        try blockUntil("nothing", seconds: 0.1) { true }
        await #expect(throws: DeadlineExceeded.self) {
            try await waitUntil("the server to start", seconds: 0.1) { false }
        }
    }
}

import Foundation
import HTTP
import RemoteStore
import StoreCore
import Testing

/// What a `RemoteStore`'s event stream hands its listener: the store's events only.
@Suite struct RemoteEventStreamTests {
    /// The server's `ready` handshake is the stream's own business. It used to reach the
    /// listener as "state changed", so a paywall that had loaded before it arrived journaled a
    /// reaction to a change nobody made (QACommandsTests' reaction test, now and then).
    @Test func theHandshakeIsNotAStoreEvent() async throws {
        let fixture = try await Fixture()
        defer { fixture.http.shutdown() }
        let remote = try RemoteStore(
            url: try #require(URL(string: "http://127.0.0.1:\(fixture.http.port)")), token: fixture.token,
            account: "tester", root: fixture.root)
        // `events()` returns once the stream is ready: the advance comes after the handshake.
        var events = await remote.events().makeAsyncIterator()
        _ = try await remote.perform(.advanceClock(seconds: 3_600))
        let first = await events.next()
        guard case .clockChanged = first else {
            Issue.record("the first event was \(String(describing: first)), not the clock's move")
            return
        }
    }
}

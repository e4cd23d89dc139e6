import Testing

@testable import Rehearsal

/// What a step's store events window collects: everything the stream had when it closed, in
/// order, and nothing after; closing never waits for more.
@Suite struct EventWindowTests {
    @Test func closingTakesWhatWasBufferedInOrderAndNothingLater() async {
        let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
        let window = EventWindow(stream, settle: .zero)
        for number in 1...3 { continuation.yield(number) }
        #expect(await window.close() == [1, 2, 3])
        // The stream ended with the window: later announcements go nowhere.
        if case .terminated = continuation.yield(4) {} else { Issue.record("the stream is still open") }
    }

    @Test func anEmptyWindowClosesAtOnce() async {
        let (stream, _) = AsyncStream.makeStream(of: Int.self)
        #expect(await EventWindow(stream, settle: .zero).close().isEmpty)
    }
}

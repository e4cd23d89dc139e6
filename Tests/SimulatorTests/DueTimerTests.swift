import Foundation
import Synchronization
import Testing

@testable import Simulator

/// The store's one timer for its earliest due event: set for a date on a clock, it fires once;
/// stopped or cancelled, it does not; it knows what it was set for.
@Suite struct DueTimerTests {
    let wall = Date(timeIntervalSince1970: 1_767_225_600)
    var clock: VirtualClock { VirtualClock(start: wall, wall: wall) }

    @Test func itFiresOnceAfterItsDelay() async {
        var timer = DueTimer()
        let (fired, firing) = AsyncStream.makeStream(of: Void.self)
        timer.set(for: wall, clock: clock, delay: 0.001) { firing.yield() }
        #expect(timer.isSet && timer.isSet(for: wall, clock: clock))
        #expect(!timer.isSet(for: wall.addingTimeInterval(1), clock: clock))
        // Waits for the event itself, not for a guessed time.
        var iterator = fired.makeAsyncIterator()
        #expect(await iterator.next() != nil)
    }

    @Test func aStoppedTimerKeepsItsTargetAndACancelledOneForgetsIt() {
        var timer = DueTimer()
        timer.set(for: wall, clock: clock, delay: 3_600) {}
        timer.stop()
        #expect(!timer.isSet && timer.isSet(for: wall, clock: clock))
        timer.cancel()
        #expect(!timer.isSet(for: wall, clock: clock) && timer.target == nil)
    }

    @Test func aCancelledTimerDoesNotFire() async throws {
        var timer = DueTimer()
        let fired = FiredFlag()
        timer.set(for: wall, clock: clock, delay: 0.05) { fired.value.store(true, ordering: .relaxed) }
        timer.cancel()
        // A second timer set after the first would have fired tells when to look.
        var later = DueTimer()
        let (done, finishing) = AsyncStream.makeStream(of: Void.self)
        later.set(for: wall, clock: clock, delay: 0.2) { finishing.yield() }
        var iterator = done.makeAsyncIterator()
        _ = await iterator.next()
        let didFire = fired.value.load(ordering: .relaxed)
        #expect(!didFire)
    }
}

/// Whether a timer's work ran, from the task that runs it.
final class FiredFlag: Sendable {
    let value = Atomic(false)
}

/// Where a history page starts in an account's transaction IDs held in memory, found by
/// binary search, in either direction.
@Suite struct HistoryPagerTests {
    let ids: [UInt64] = [10, 20, 30, 40]

    func walk(after last: UInt64?, descending: Bool) -> [UInt64] {
        HistoryPager.indices(of: ids, after: last, descending: descending).map { ids[$0] }
    }

    @Test func ascendingPagesStartPastTheLastID() {
        #expect(walk(after: nil, descending: false) == [10, 20, 30, 40])
        #expect(walk(after: 20, descending: false) == [30, 40])
        #expect(walk(after: 25, descending: false) == [30, 40])
        #expect(walk(after: 40, descending: false) == [])
    }

    @Test func descendingPagesStartBeforeTheLastID() {
        #expect(walk(after: nil, descending: true) == [40, 30, 20, 10])
        #expect(walk(after: 30, descending: true) == [20, 10])
        #expect(walk(after: 35, descending: true) == [30, 20, 10])
        #expect(walk(after: 10, descending: true) == [])
    }

    @Test func anEmptyHistoryHasNoPage() {
        #expect(HistoryPager.indices(of: [], after: nil, descending: true).map { $0 }.isEmpty)
        #expect(HistoryPager.indices(of: [], after: 5, descending: false).map { $0 }.isEmpty)
    }
}

import Foundation
import StoreCore

/// The store's one timer: set for the earliest entry of the due-event index, on the store's
/// clock, and set again whenever that entry or the clock moves. Nothing polls: with nothing
/// due it is not set at all. Owned by the store, on its executor; when it fires it calls the
/// store back (`SimulatedStore+Clock`).
struct DueTimer {
    private var task: Task<Void, Never>?
    /// What the timer was last set for (kept when only its task is stopped, `stop`).
    private(set) var target: ClockTarget?

    var isSet: Bool { task != nil }

    /// Sets the timer to run `fire` `delay` wall seconds from now, for the event due at `due`.
    mutating func set(
        for due: Date, clock: VirtualClock, delay: TimeInterval, fire: @escaping @Sendable () async -> Void
    ) {
        target = ClockTarget(due: due, clock: clock)
        // The timer's work is the store's own: it must not inherit the journal line of the
        // action that happened to start it (a Task inherits its creator's task-locals).
        task = SimulatedStore.$journalScope.withValue(nil) {
            JournalContext.$current.withValue(nil) {
                Task {
                    // A millisecond past the due date: store time is truncated to milliseconds.
                    // The sleep throws only when cancelled, checked on the next line.
                    try? await Task.sleep(for: .milliseconds(Int((delay * 1000).rounded(.up)) + 1))
                    guard !Task.isCancelled else { return }
                    await fire()
                }
            }
        }
    }

    /// Sets the timer for `due` on `clock` unless it is set already, the clock is frozen, nothing
    /// is due (`distantFuture`) or `due` is past what the store can sign (`latestSigningDate`).
    mutating func setIfNeeded(
        for due: Date, clock: VirtualClock, wall: Date, latestSigningDate: Date,
        fire: @escaping @Sendable () async -> Void
    ) {
        guard !isSet, !clock.isFrozen, due != .distantFuture, due <= latestSigningDate,
            let delay = clock.wallDelay(until: due, wall: wall)
        else { return }
        set(for: due, clock: clock, delay: delay, fire: fire)
    }

    /// Whether the timer is already set for `due` on `clock`.
    func isSet(for due: Date, clock: VirtualClock) -> Bool {
        target.map { $0.due == due && $0.clock == clock } ?? false
    }

    /// Stops the waiting task (nobody listens any more); the target stays.
    mutating func stop() {
        task?.cancel()
        task = nil
    }

    /// Forgets the timer: it fired, or is about to be set again.
    mutating func cancel() {
        stop()
        target = nil
    }
}

/// The due date a store's timer is set for, and the clock it was worked out with.
struct ClockTarget {
    var due: Date
    var clock: VirtualClock
}

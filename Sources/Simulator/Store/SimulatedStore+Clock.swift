import Foundation
import StoreCore

/// Time passes for a store nobody watches. A store that serves (`kiosk serve`, the owner of a
/// state directory) or has a listener runs its due events at their time: one timer, set for
/// the earliest entry of the due-event index, set again whenever a commit, a rate change or
/// an advance moves that entry. Nothing polls: with nothing due the timer is not set at all.
extension SimulatedStore {
    /// Keeps the store's time running from now on, whether or not anyone watches: a server
    /// with only a webhook still renews, and its notifications go out as the events happen.
    public nonisolated func keepTime() {
        Task { await self.startKeepingTime() }
    }

    private func startKeepingTime() {
        keepsTime = true
        restartClock()
    }

    /// Sets the timer for the earliest due event (no-op on a frozen clock or when nothing is due).
    func startClock() {
        timer.setIfNeeded(
            for: state.earliestDue(), clock: state.meta.clock, wall: wallClock(),
            latestSigningDate: signer.latestSigningDate
        ) { [weak self] in await self?.clockFired() }
    }

    private func clockFired() {
        timer.cancel()
        // No caller waits for the timer: a failed catch-up (a full disk) is reported here, and
        // tried again at the next action, whose commit sets the timer again. Setting it now
        // would fire at once, the same events still due, and fail again without end.
        do {
            try catchUp()
        } catch {
            reportProblem(
                "the events due by now could not run (\(error)); they are tried again at the next action")
            return
        }
        if keepsTime || hasWatchers { startClock() }
    }

    /// Sets the timer again (a rate change, an advance, a commit that moved the earliest event).
    func restartClock() {
        timer.cancel()
        if keepsTime || hasWatchers { startClock() }
    }

    /// After a commit: sets the timer again when the earliest event or the clock moved.
    func rescheduleClockIfNeeded() {
        guard keepsTime || hasWatchers else { return }
        if timer.isSet(for: state.earliestDue(), clock: state.meta.clock) { return }
        restartClock()
    }
}

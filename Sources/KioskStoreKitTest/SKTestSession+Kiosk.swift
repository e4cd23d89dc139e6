import Foundation
import KioskStoreKit
import Simulator
import StoreCore

/// What Kiosk's sessions add to Apple's: a clock that moves only when the test says so, waits
/// instead of sleeps, and the mistakes of the app's code as values.
extension SKTestSession {
    /// Moves the store's clock forward, running every renewal, retry, grace period and expiry on
    /// the way; the app hears of them through `Transaction.updates`. Nothing else moves time.
    @discardableResult
    public func advance(by interval: TimeInterval) async throws -> Date {
        guard interval >= 0, interval.isFinite else {
            throw SKTestError(
                .invalidAction, "advance(by: \(interval)): time only moves forward, by a finite interval")
        }
        return try await control { store throws(StoreError) in try await store.advanceClock(by: interval) }
    }

    /// The store's clock.
    public func now() async throws -> Date {
        try await control { store throws(StoreError) in try await store.now() }
    }

    /// Waits until every update the store has committed reached the app's `Transaction.updates`
    /// listeners and each listener finished handling it (it waits for the next one): what a
    /// test does after an approval or a renewal instead of sleeping.
    public func waitForPendingUpdates() async {
        do {
            try await binding.prepare()
        } catch {
            // It cannot throw (a wait, like Apple's): a setting that failed to apply is reported.
            StoreKitRuntime.shared.report(error)
        }
        await binding.hub.waitUntilHandled()
    }

    /// Waits until the app's `Transaction.updates` listener is running and has handled the
    /// unfinished transactions it starts with. An app starts its listener in a task (Apple's
    /// sample detaches it), which runs when the system gets to it: a test that depends on the
    /// listener being there (before a purchase, before an approval) says so with this.
    /// - Throws: `SKTestError` `.invalidAction` when no listener started within `timeout`.
    public func waitForTransactionListener(timeout: Duration = .seconds(10)) async throws {
        do {
            try await binding.prepare()
        } catch {
            throw SKTestError(error)
        }
        guard await binding.hub.waitForListener(timeout: timeout) else {
            throw SKTestError(
                .invalidAction,
                "no Transaction.updates listener started within \(timeout): start one when the app launches")
        }
    }

    /// The mistakes the app's code made so far in this session (docs/your-code.md), with every
    /// transaction it was given and has not finished.
    public var mistakes: [StoreKitMistake] {
        get async {
            await waitForPendingUpdates()
            // A property cannot throw: unread, the store's unfinished ones are reported, not guessed.
            var unfinished: Set<UInt64> = []
            do {
                unfinished = Set(try await store.unfinished().map { $0.unsafePayloadValue.id })
            } catch {
                StoreKitRuntime.shared.report(error)
            }
            return await binding.watcher.mistakes(unfinishedInStore: unfinished)
        }
    }
}

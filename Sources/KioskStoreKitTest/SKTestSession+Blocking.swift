import Dispatch
import Foundation
import KioskStoreKit
import Simulator
import StoreCore
import Synchronization

extension SKTestSession {
    /// Runs a session action to its end and answers its result, blocking the calling thread as
    /// Apple's synchronous members do.
    ///
    /// Blocking a thread of Swift's cooperative pool (two threads on two cores) is safe only if
    /// nothing the action waits for needs one: the whole call runs in a task that prefers the
    /// store's own thread (`StoreExecutor` is a task executor too), so the store's work and the
    /// code around it (settings, the update log's subscription, the journal) run there, and the
    /// caller's thread, whichever it is (the main thread, a pool thread, an XCTest thread), only
    /// waits. Called on the store's own thread it would wait for itself: it throws instead.
    func blocking<T: Sendable>(
        _ action: String, _ body: @escaping @Sendable (SimulatedStore) async throws(StoreError) -> T
    ) throws(SKTestError) -> T {
        try waitOnStoreThread(action) { () async throws(SKTestError) -> T in try await self.control(body) }
    }

    /// Runs `work` in a task that prefers the store's own thread, and blocks until it ends.
    func waitOnStoreThread<T: Sendable>(
        _ action: String, _ work: @escaping @Sendable () async throws(SKTestError) -> T
    ) throws(SKTestError) -> T {
        guard !store.isOnOwnThread else {
            throw SKTestError(
                .invalidAction,
                "\(action) was called on the store's own thread, where waiting for the store would wait for itself: "
                    + "call it from the test, not from code the store runs")
        }
        guard let executor = store.ownThreadExecutor else {
            throw SKTestError(
                .invalidAction, "\(action): the session's store has no thread of its own to run on")
        }
        let outcome = BlockingOutcome<T>()
        Task(executorPreference: executor) {
            do throws(SKTestError) {
                outcome.finish(.success(try await work()))
            } catch {
                outcome.finish(.failure(error))
            }
        }
        return try outcome.wait()
    }

    /// `blocking` for Apple's members that cannot throw: a store that failed is reported on
    /// standard error (once per message) and the member answers `fallback`.
    func blockingReporting<T: Sendable>(
        _ action: String, fallback: T,
        _ body: @escaping @Sendable (SimulatedStore) async throws(StoreError) -> T
    ) -> T {
        do {
            return try blocking(action, body)
        } catch {
            StoreKitRuntime.shared.report(error)
            return fallback
        }
    }
}

/// One blocking call's answer, handed from the store's thread to the waiting caller.
final class BlockingOutcome<T: Sendable>: Sendable {
    private let result = Mutex<Result<T, SKTestError>?>(nil)
    private let done = DispatchSemaphore(value: 0)

    func finish(_ outcome: Result<T, SKTestError>) {
        result.withLock { $0 = outcome }
        done.signal()
    }

    func wait() throws(SKTestError) -> T {
        done.wait()
        // `finish` set it before signalling.
        guard let outcome = result.withLock({ $0 }) else {
            throw SKTestError(.unknown, "a blocking session call ended without an answer")
        }
        return try outcome.get()
    }
}

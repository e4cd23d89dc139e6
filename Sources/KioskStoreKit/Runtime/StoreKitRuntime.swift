import Foundation
import StoreCore
import Synchronization

/// Which store StoreKit's calls reach in this process: a session's, else one configured by the
/// environment (`StoreConfiguration`), resolved on first use. Tests that install sessions run
/// one at a time, as Apple's `SKTestSession` requires: there is one App Store per process.
package final class StoreKitRuntime: Sendable {
    package static let shared = StoreKitRuntime()

    private struct State {
        var binding: StoreBinding?
        var resolving: Task<Result<StoreBinding, KioskStoreError>, Never>?
        var installWaiters: [CheckedContinuation<StoreBinding, Never>] = []
    }
    private let state = Mutex(State())

    /// Makes `binding` the store every call reaches; the previous one's listeners end.
    package func install(_ binding: StoreBinding) {
        let (previous, waiters) = state.withLock { state in
            defer {
                state.binding = binding
                state.resolving = nil
                state.installWaiters = []
            }
            return (state.binding, state.installWaiters)
        }
        if previous !== binding { previous?.close() }
        for waiter in waiters { waiter.resume(returning: binding) }
    }

    /// Removes whatever store is installed (tests of the unconfigured case).
    package func removeAll() {
        let removed = state.withLock { state in
            defer {
                state.binding = nil
                state.resolving = nil
            }
            return state.binding
        }
        removed?.close()
    }

    /// Removes `binding` if it is still the current one.
    package func remove(_ binding: StoreBinding) {
        let removed = state.withLock { state in
            guard state.binding === binding else { return false }
            state.binding = nil
            return true
        }
        if removed { binding.close() }
    }

    /// The next binding a session installs (a listener started before any store was configured
    /// waits for one rather than ending).
    func nextInstalled() async -> StoreBinding {
        await withCheckedContinuation { continuation in
            let current = state.withLock { state -> StoreBinding? in
                if let binding = state.binding { return binding }
                state.installWaiters.append(continuation)
                return nil
            }
            if let current { continuation.resume(returning: current) }
        }
    }

    /// The current binding, if one is installed (no resolving).
    package var installed: StoreBinding? { state.withLock { $0.binding } }

    /// The current binding, resolving the environment's configuration the first time.
    /// - Throws: `StoreKitError.systemError` saying how to configure a store when none is.
    package func binding() async throws -> StoreBinding {
        if let binding = installed { return binding }
        let task: Task<Result<StoreBinding, KioskStoreError>, Never> = state.withLock { state in
            if let binding = state.binding { return Task { .success(binding) } }
            if let resolving = state.resolving { return resolving }
            let resolving = Task { () -> Result<StoreBinding, KioskStoreError> in
                do {
                    return .success(try await StoreConfiguration.fromEnvironment())
                } catch let error as KioskStoreError {
                    return .failure(error)
                } catch {
                    return .failure(KioskStoreError("\(error)"))
                }
            }
            state.resolving = resolving
            return resolving
        }
        switch await task.value {
        case .success(let binding):
            let adopted = state.withLock { state in
                if state.binding == nil { state.binding = binding }
                return state.binding ?? binding
            }
            return adopted
        case .failure(let error):
            // Forget the failure: the environment (or a session) may be set up later.
            state.withLock { $0.resolving = nil }
            throw StoreKitError.systemError(error)
        }
    }

    /// Runs one call of the app's on the current store, in StoreKit's errors.
    package func call<T: Sendable>(_ body: @Sendable (CoreStore) async throws(StoreError) -> T) async throws
        -> T
    {
        let binding = try await binding()
        do {
            return try await binding.call(body)
        } catch {
            throw StoreKitError.from(error)
        }
    }

    /// For calls that cannot throw (Apple's sequences and `latest(for:)`): the problem goes to
    /// standard error once per message, and the call answers nothing.
    package func report(_ error: any Error) {
        let text = (error as? any LocalizedError)?.errorDescription ?? "\(error)"
        let isNew = reported.withLock { $0.insert(text).inserted }
        if isNew { FileHandle.standardError.write(Data("KioskStoreKit: \(text)\n".utf8)) }
    }
    private let reported = Mutex(Set<String>())
}

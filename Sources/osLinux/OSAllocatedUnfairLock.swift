import Foundation

/// Apple's `struct OSAllocatedUnfairLock<State>` (iOS 16): a lock that owns the state it
/// protects, copyable, its copies sharing one lock. On Linux an `NSLock` stands in for the
/// unfair lock; the API is Apple's.
public struct OSAllocatedUnfairLock<State>: @unchecked Sendable {
    // The one storage class behind every copy; the lock guards `state` (hence the unchecked
    // Sendable, as Apple's own declaration is).
    private final class Storage {
        let lock = NSLock()
        var state: State
        init(_ state: State) { self.state = state }
    }

    private let storage: Storage

    /// Apple's `init(initialState:)`.
    public init(initialState: State) { storage = Storage(initialState) }

    /// Apple's `withLock(_:)`: runs `body` with the state, holding the lock.
    public func withLock<R>(_ body: @Sendable (inout State) throws -> R) rethrows -> R where R: Sendable {
        try withLockUnchecked(body)
    }

    /// Apple's `withLockUnchecked(_:)`: `withLock` without the Sendable requirements.
    public func withLockUnchecked<R>(_ body: (inout State) throws -> R) rethrows -> R {
        storage.lock.lock()
        defer { storage.lock.unlock() }
        return try body(&storage.state)
    }

    /// Apple's `withLockIfAvailable(_:)`: nil when another thread holds the lock.
    public func withLockIfAvailable<R>(_ body: @Sendable (inout State) throws -> R) rethrows -> R?
    where R: Sendable {
        guard storage.lock.try() else { return nil }
        defer { storage.lock.unlock() }
        return try body(&storage.state)
    }

    /// Apple's `lock()` and `unlock()`, for code that pairs them by hand.
    public func lock() { storage.lock.lock() }
    public func unlock() { storage.lock.unlock() }
    /// Apple's `lockIfAvailable()`.
    public func lockIfAvailable() -> Bool { storage.lock.try() }

    /// Apple's ownership checks: Linux's lock has no owner to ask, so they check nothing.
    public func precondition(_ condition: Ownership) {}

    /// Apple's `OSAllocatedUnfairLock.Ownership`.
    public enum Ownership: Hashable, Sendable {
        case owner
        case notOwner
    }
}

extension OSAllocatedUnfairLock where State == Void {
    /// Apple's `init()`, a lock with no state.
    public init() { self.init(initialState: ()) }

    /// Apple's `withLock(_:)` for a lock with no state.
    public func withLock<R>(_ body: @Sendable () throws -> R) rethrows -> R where R: Sendable {
        try withLockUnchecked { _ in try body() }
    }

    /// Apple's `withLockUnchecked(_:)` for a lock with no state.
    public func withLockUnchecked<R>(_ body: () throws -> R) rethrows -> R {
        try withLockUnchecked { (_: inout Void) in try body() }
    }

    /// Apple's `withLockIfAvailable(_:)` for a lock with no state.
    public func withLockIfAvailable<R>(_ body: @Sendable () throws -> R) rethrows -> R? where R: Sendable {
        try withLockIfAvailable { (_: inout Void) in try body() }
    }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A value behind a POSIX reader-writer lock: readers share it, a writer has it alone, and
/// nothing reaches the value except through the lock, so the types that keep their state in
/// one are `Sendable` without `@unchecked` (the compiler checks that the value is `Sendable`
/// and that no other stored state is shared).
///
/// Why not `Synchronization.Mutex`: dozens of connection threads read the same state at once
/// (`LatestReadCache` under `kiosk serve`), and a mutex makes them take turns; measured in
/// docs/architecture.md ("Locks"). ThreadSanitizer also sees pthread locks, where it cannot see
/// Mutex's futex on Linux (scripts/tsan-suppressions.txt).
///
/// A waiting writer goes before new readers (on glibc): its default lets a stream of readers
/// keep a writer (the store's thread, which must empty the cache before it answers) waiting
/// indefinitely.
///
/// `@unchecked` here, and only here: the lock is what makes the value safe to share, which the
/// compiler cannot see through a C handle. Every access takes the lock (the value is private
/// and read or written only inside `read`, `write` and `writeIfFree`), and a lock call that
/// fails stops the process: carrying on unlocked would be a data race, which is worse.
public final class ReadWriteLocked<Value: Sendable>: @unchecked Sendable {
    private let handle = UnsafeMutablePointer<pthread_rwlock_t>.allocate(capacity: 1)
    // Guarded by `handle`.
    private var value: Value

    public init(_ value: Value) {
        self.value = value
        handle.initialize(to: pthread_rwlock_t())
        var attributes = pthread_rwlockattr_t()
        Self.check(pthread_rwlockattr_init(&attributes), "pthread_rwlockattr_init")
        defer { pthread_rwlockattr_destroy(&attributes) }
        #if canImport(Glibc)
            Self.check(
                pthread_rwlockattr_setkind_np(
                    &attributes, Int32(PTHREAD_RWLOCK_PREFER_WRITER_NONRECURSIVE_NP)),
                "pthread_rwlockattr_setkind_np")
        #endif
        Self.check(pthread_rwlock_init(handle, &attributes), "pthread_rwlock_init")
    }

    deinit {
        pthread_rwlock_destroy(handle)
        handle.deinitialize(count: 1)
        handle.deallocate()
    }

    /// Runs `body` with the value while other readers may hold it too (never a writer).
    public func read<T>(_ body: (Value) -> T) -> T {
        Self.check(pthread_rwlock_rdlock(handle), "pthread_rwlock_rdlock")
        defer { Self.check(pthread_rwlock_unlock(handle), "pthread_rwlock_unlock") }
        return body(value)
    }

    /// Runs `body` with the value alone, waiting for readers and writers to finish.
    public func write<T>(_ body: (inout Value) -> T) -> T {
        Self.check(pthread_rwlock_wrlock(handle), "pthread_rwlock_wrlock")
        defer { Self.check(pthread_rwlock_unlock(handle), "pthread_rwlock_unlock") }
        return body(&value)
    }

    /// Runs `body` with the value alone if the lock is free now; nil (without waiting) when a
    /// reader or writer holds it.
    public func writeIfFree<T>(_ body: (inout Value) -> T) -> T? {
        let result = pthread_rwlock_trywrlock(handle)
        guard result != EBUSY else { return nil }
        Self.check(result, "pthread_rwlock_trywrlock")
        defer { Self.check(pthread_rwlock_unlock(handle), "pthread_rwlock_unlock") }
        return body(&value)
    }

    /// Stops on a failed lock call: EDEADLK (this thread holds the lock already), EAGAIN (too
    /// many readers), EINVAL or ENOMEM are bugs or an exhausted process, never bad input.
    private static func check(_ result: Int32, _ call: StaticString) {
        precondition(result == 0, "\(call) failed: \(String(cString: strerror(result)))")
    }
}

#if canImport(Glibc)
    import Glibc
#endif

/// A POSIX reader-writer lock: readers share it, a writer has it alone. A waiting writer goes
/// before new readers: glibc's default lets a stream of readers keep a writer (the store's
/// thread, which must empty the cache before it answers) waiting indefinitely.
final class ReadWriteLock: @unchecked Sendable {
    private let handle = UnsafeMutablePointer<pthread_rwlock_t>.allocate(capacity: 1)

    init() {
        handle.initialize(to: pthread_rwlock_t())
        var attributes = pthread_rwlockattr_t()
        pthread_rwlockattr_init(&attributes)
        pthread_rwlockattr_setkind_np(&attributes, Int32(PTHREAD_RWLOCK_PREFER_WRITER_NONRECURSIVE_NP))
        pthread_rwlock_init(handle, &attributes)
        pthread_rwlockattr_destroy(&attributes)
    }

    deinit {
        pthread_rwlock_destroy(handle)
        handle.deallocate()
    }

    func reading<T>(_ body: () -> T) -> T {
        pthread_rwlock_rdlock(handle)
        defer { pthread_rwlock_unlock(handle) }
        return body()
    }

    func writing<T>(_ body: () -> T) -> T {
        pthread_rwlock_wrlock(handle)
        defer { pthread_rwlock_unlock(handle) }
        return body()
    }

    /// Runs `body` alone if the lock is free now; nil (without waiting) when it is not.
    func writingIfFree<T>(_ body: () -> T) -> T? {
        guard pthread_rwlock_trywrlock(handle) == 0 else { return nil }
        defer { pthread_rwlock_unlock(handle) }
        return body()
    }
}

#if os(Linux)
    import Foundation
    import Testing
    import os

    /// `OSAllocatedUnfairLock` as purchase code guards a cache with it: copies share one lock
    /// and one state, and threads that increment through it lose no update.
    @Suite struct OSAllocatedUnfairLockTests {
        @Test func copiesShareTheStateAndConcurrentUpdatesAreNotLost() async {
            let lock = OSAllocatedUnfairLock(initialState: 0)
            let copy = lock
            await withTaskGroup(of: Void.self) { group in
                for _ in 0..<8 {
                    group.addTask { for _ in 0..<1_000 { copy.withLock { $0 += 1 } } }
                }
            }
            #expect(lock.withLock { $0 } == 8_000)
        }

        @Test func aHeldLockIsNotAvailable() {
            let lock = OSAllocatedUnfairLock()
            lock.lock()
            #expect(!lock.lockIfAvailable())
            lock.unlock()
            #expect(lock.withLockIfAvailable { 7 } == 7)
            #expect(lock.withLock { "done" } == "done")
        }
    }
#endif

import Foundation
import Testing

@testable import Simulator

/// The lock behind `LatestReadCache` and `KnownAccounts`: readers share the value, a writer has
/// it alone, and the store's thread never waits to remember an answer while a reader holds it.
@Suite struct ReadWriteLockedTests {
    /// Two fields a writer always sets together; a reader that saw them differ read half a write.
    struct Pair: Sendable {
        var first = 0
        var second = 0
    }

    @Test func readersNeverSeeHalfAWrite() async {
        let locked = ReadWriteLocked(Pair())
        let writes = 2_000
        let readers = 4
        let torn = await withTaskGroup(of: Int.self) { group in
            group.addTask {
                for value in 1...writes {
                    locked.write { pair in
                        pair.first = value
                        pair.second = value
                    }
                }
                return 0
            }
            for _ in 0..<readers {
                group.addTask {
                    var torn = 0
                    for _ in 0..<writes {
                        if locked.read({ $0.first != $0.second }) { torn += 1 }
                    }
                    return torn
                }
            }
            return await group.reduce(0, +)
        }
        #expect(torn == 0)
        #expect(locked.read { $0.first } == writes)
    }

    @Test func aWriteIfFreeGivesUpWhileAReaderHoldsTheValue() async {
        let locked = ReadWriteLocked(Pair())
        let reading = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let reader = Thread {
            locked.read { _ in
                reading.signal()
                release.wait()
            }
        }
        reader.start()
        reading.wait()
        let whileHeld: Void? = locked.writeIfFree { pair in pair.first = 1 }
        release.signal()
        #expect(whileHeld == nil, "the write must not wait for the reader, nor run beside it")
        #expect(locked.read { $0.first } == 0)
        // The reader has let go once a blocking write gets through; then the lock is free.
        locked.write { _ in }
        #expect(locked.writeIfFree { pair in pair.first = 2 } != nil)
        #expect(locked.read { $0.first } == 2)
    }
}

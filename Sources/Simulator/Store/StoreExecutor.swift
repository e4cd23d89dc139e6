import Dispatch
import Foundation
import Synchronization

/// The store actor's executor: one thread of its own that runs the actor's jobs in order.
///
/// A store action ends in blocking work: the ledger's commit waits for `fsync`
/// (`synchronous=FULL`), and a large clock advance signs thousands of renewals with
/// `concurrentPerform`. On Swift's cooperative pool (one thread per core, two here) that would
/// hold back every other task of the process, the paywall's effects and the server's streams
/// among them, for as long as the disk takes. On this thread it holds back only the store,
/// which has to wait for its commit anyway.
final class StoreExecutor: SerialExecutor {
    private let queue = JobQueue()

    init() {
        let queue = self.queue
        let executor = asUnownedSerialExecutor()
        // Named from inside: on Linux a name given before `start` does not reach the system
        // thread (what `top -H`, a debugger and the tests see).
        Thread {
            Thread.current.name = "kiosk-store"
            queue.run(on: executor)
        }.start()
    }

    deinit {
        // The store is gone, so no job of it can be waiting: let the thread end.
        queue.close()
    }

    func enqueue(_ job: consuming ExecutorJob) {
        queue.append(UnownedJob(job))
    }
}

/// The jobs waiting for the store's thread, and the signal that wakes it.
private final class JobQueue: Sendable {
    private let state = Mutex<(jobs: [UnownedJob], isClosed: Bool)>(([], false))
    private let wake = DispatchSemaphore(value: 0)

    func append(_ job: UnownedJob) {
        state.withLock { $0.jobs.append(job) }
        wake.signal()
    }

    func close() {
        state.withLock { $0.isClosed = true }
        wake.signal()
    }

    /// Runs jobs in the order they came until the queue is closed and empty.
    func run(on executor: UnownedSerialExecutor) {
        while true {
            wake.wait()
            let (batch, isClosed) = state.withLock { state in
                defer { state.jobs = [] }
                return (state.jobs, state.isClosed)
            }
            for job in batch { job.runSynchronously(on: executor) }
            if isClosed && batch.isEmpty { return }
        }
    }
}

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
///
/// `kiosk serve` uses it too. On its callers' threads (`.callerThreads`) the store ran as a
/// plain actor, and whenever two connections wanted it at once Swift's cooperative pool ran it,
/// behind everything else on the two cores: some requests waited a second or more
/// (`kiosk-bench purchase`: slowest pair 0.7 to 3.3 s). On this thread the slowest took 23 to
/// 40 ms, and purchases ran 10 to 20 % faster. The read a server answers most, an account's
/// latest transaction of a product, skips the store while its answer holds (`LatestReadCache`).
///
/// It is a task executor too: a synchronous `SKTestSession` action runs its whole call (the
/// store's work and the code around it) in a task that prefers this thread, so a caller that
/// blocks while it waits never needs a thread of the cooperative pool to be freed.
///
/// The thread lives while there is work: after `idleTimeout` seconds with no job it ends, and
/// the next job starts another. A store kept but no longer used (a test suite's fixture, a
/// session a developer's test forgot to release) so holds no thread: a full test run kept
/// about 260 idle store threads alive when each store kept its thread until released.
/// `kiosk-bench storekit`, 200 sessions kept by one suite: at most 22 threads while they ran
/// (0.1 s idle), 4 once idle, as before the first; a new session + first purchase cost the same
/// (5.6 ms). Starting a thread costs tens of microseconds, far below a store call's fsync.
final class StoreExecutor: SerialExecutor, TaskExecutor {
    private let queue: JobQueue
    /// The store thread's `pthread_self()` while it runs (0 when none does): how a test tells
    /// where a job ran without trusting thread names.
    let threadID = ThreadIdentity()

    init(idleTimeout: Double = 0.1) {
        queue = JobQueue(idleTimeout: idleTimeout)
        queue.setExecutors(
            serial: asUnownedSerialExecutor(), task: asUnownedTaskExecutor(), threadID: threadID)
    }

    deinit {
        // The store is gone, so no job of it can be waiting: let the thread end.
        queue.close()
    }

    func enqueue(_ job: consuming ExecutorJob) {
        queue.append(UnownedJob(job))
    }
}

/// A thread's `pthread_self()`, shared with the thread that records it.
final class ThreadIdentity: Sendable {
    let value = Atomic<UInt>(0)
}

/// The jobs waiting for the store's thread, the signal that wakes it, and whether it runs.
private final class JobQueue: Sendable {
    private struct State {
        var jobs: [UnownedJob] = []
        var isClosed = false
        /// Whether a thread runs the jobs now (it ends when idle; the next job starts one).
        var isRunning = false
    }

    private let state = Mutex(State())
    private let wake = DispatchSemaphore(value: 0)
    private let idleTimeout: Double
    /// Set once, in the executor's init (which has to exist before it can name itself), before
    /// any job can arrive; each thread reads them as it starts.
    private let executors = Mutex<(UnownedSerialExecutor, UnownedTaskExecutor, ThreadIdentity)?>(nil)

    init(idleTimeout: Double) { self.idleTimeout = idleTimeout }

    func setExecutors(serial: UnownedSerialExecutor, task: UnownedTaskExecutor, threadID: ThreadIdentity) {
        executors.withLock { $0 = (serial, task, threadID) }
    }

    func append(_ job: UnownedJob) {
        let start = state.withLock { state in
            state.jobs.append(job)
            defer { state.isRunning = true }
            return !state.isRunning
        }
        wake.signal()
        if start { startThread() }
    }

    func close() {
        state.withLock { $0.isClosed = true }
        wake.signal()
    }

    private func startThread() {
        // Named from inside: on Linux a name given before `start` does not reach the system
        // thread (what `top -H` and a debugger see).
        Thread { [self] in
            Thread.current.name = "kiosk-store"
            run()
        }.start()
    }

    /// Runs jobs in the order they came until the queue is closed and empty, or idle for
    /// `idleTimeout`. A job is either the store actor's or one of a task that prefers this
    /// thread; both run as both executors'.
    private func run() {
        guard let (executor, taskExecutor, threadID) = executors.withLock({ $0 }) else { return }
        threadID.value.store(UInt(pthread_self()), ordering: .releasing)
        while true {
            let woken = wake.wait(timeout: .now() + idleTimeout) == .success
            let (batch, ends) = state.withLock { state in
                defer { state.jobs = [] }
                // Idle (or closed) with nothing left: this thread ends, in the same step that
                // tells the next `append` to start another.
                let ends = state.jobs.isEmpty && (state.isClosed || !woken)
                if ends { state.isRunning = false }
                return (state.jobs, ends)
            }
            if ends {
                _ = threadID.value.compareExchange(
                    expected: UInt(pthread_self()), desired: 0, ordering: .releasing)
                return
            }
            for job in batch { job.runSynchronously(isolatedTo: executor, taskExecutor: taskExecutor) }
        }
    }
}

/// Where a `SimulatedStore` runs its work (the ledger's fsync, signing).
public enum StoreExecution: Sendable, Hashable {
    /// On a thread of the store's own (the default), so its blocking work never holds a
    /// thread of Swift's cooperative pool.
    case ownThread
    /// On the calling thread, as a plain actor's: for a caller that makes one call at a time
    /// and waits for it anyway (a headless paywall, a rehearsal, a screenshot).
    case callerThreads
}

/// The executor a store runs on: its own thread's, or the default one of an empty actor whose
/// executor the store shares (the only way to get a plain actor's behaviour by choice).
enum StoreExecutorChoice: Sendable {
    case ownThread(StoreExecutor)
    case callerThreads(CallerThreads)

    init(_ execution: StoreExecution) {
        switch execution {
        case .ownThread: self = .ownThread(StoreExecutor())
        case .callerThreads: self = .callerThreads(CallerThreads())
        }
    }

    /// The store's own thread (`pthread_self()`), or nil when it runs on its callers' threads.
    var ownThreadID: UInt? {
        guard case .ownThread(let executor) = self else { return nil }
        return executor.threadID.value.load(ordering: .acquiring)
    }

    /// The store's own thread as a task executor, or nil when it runs on its callers' threads.
    var taskExecutor: (any TaskExecutor)? {
        guard case .ownThread(let executor) = self else { return nil }
        return executor
    }

    var unownedExecutor: UnownedSerialExecutor {
        switch self {
        case .ownThread(let executor): executor.asUnownedSerialExecutor()
        case .callerThreads(let actor): actor.unownedExecutor
        }
    }
}

/// An actor with no state, for its default executor (see `StoreExecutorChoice`).
actor CallerThreads {}

extension SimulatedStore {
    /// The store's own thread as a task executor (nil on `.callerThreads`): a caller that must
    /// block until a store call returns runs the call in a task that prefers it.
    package nonisolated var ownThreadExecutor: (any TaskExecutor)? { executor.taskExecutor }

    /// Whether the calling code runs on the store's own thread, where waiting for the store
    /// would wait for itself.
    package nonisolated var isOnOwnThread: Bool {
        guard let id = executor.ownThreadID, id != 0 else { return false }
        return id == UInt(pthread_self())
    }
}

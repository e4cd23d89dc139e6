import Dispatch
import Synchronization

/// Runs a connection's handler tasks on the connection's own thread.
///
/// Handlers are async, and the connection thread must wait for each one. Handing the task to the
/// cooperative pool and waiting on a semaphore cost two thread switches per request, the largest
/// cost in `kiosk-bench serve` (perf: a sixth of the server's cycles in `finish_task_switch`).
/// As the task's executor preference (SE-0417) this runs the task, and the default actors it
/// calls, right here while the thread waits; jobs enqueued from other threads (an actor that
/// was busy elsewhere hands the task back) wake it.
final class ConnectionExecutor: TaskExecutor {
    private let jobs = Mutex<[UnownedJob]>([])
    private let wake = DispatchSemaphore(value: 0)

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        jobs.withLock { $0.append(job) }
        wake.signal()
    }

    /// Runs jobs as they come until `slot` holds the response.
    func run(until slot: ResponseSlot) {
        while !slot.isFilled {
            wake.wait()
            drain()
        }
    }

    /// Runs every job waiting now (also at the end of the connection, so no task is stranded).
    func drain() {
        while let job = jobs.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) {
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}

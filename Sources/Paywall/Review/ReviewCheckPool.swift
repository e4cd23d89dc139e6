import Dispatch
import Synchronization

/// Worker threads that check screens while the review is still reaching the next customer
/// state: one per core, each taking the next job as soon as it is free.
///
/// Dispatch's threads, not tasks: the checks never suspend, and a task group on the cooperative
/// pool ran them one at a time beside the store walk. Jobs are taken in the order they were
/// added, but they differ in cost (a right-to-left locale or a state with every plan for sale
/// takes longer), so nothing is dealt out in advance: no core waits while the other still has
/// a share to finish.
final class ReviewCheckPool<Job: Sendable, Result: Sendable>: Sendable {
    private struct Queue {
        var jobs: [Job] = []
        var taken = 0
        var closed = false
        var results: [Result?] = []
    }

    private let queue = Mutex(Queue())
    /// One signal per job added, and one per worker when the pool closes.
    private let ready = DispatchSemaphore(value: 0)
    private let finished = DispatchGroup()
    private let workers: Int

    /// Starts `workers` threads that run `work` on every job added.
    init(workers: Int, work: @escaping @Sendable (Job) -> Result) {
        self.workers = max(1, workers)
        for _ in 0..<self.workers {
            finished.enter()
            DispatchQueue.global(qos: .userInitiated).async { [self] in
                defer { finished.leave() }
                while let (index, job) = take() {
                    let result = work(job)
                    queue.withLock { $0.results[index] = result }
                }
            }
        }
    }

    /// Queues `job`; its result keeps the position the job was added at.
    func add(_ job: Job) {
        queue.withLock { queue in
            queue.jobs.append(job)
            queue.results.append(nil)
        }
        ready.signal()
    }

    /// Waits for every job added so far and returns their results in the order they were added.
    /// No job may be added after.
    func results() async -> [Result] {
        queue.withLock { $0.closed = true }
        for _ in 0..<workers { ready.signal() }
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            finished.notify(queue: .global()) { done.resume() }
        }
        // Every worker has left, so every job has its result.
        return queue.withLock { $0.results.compactMap { $0 } }
    }

    /// The next job and its position, nil once the pool is closed and every job is taken.
    private func take() -> (Int, Job)? {
        while true {
            ready.wait()
            let next = queue.withLock { queue -> (Int, Job)?? in
                if queue.taken < queue.jobs.count {
                    defer { queue.taken += 1 }
                    return .some((queue.taken, queue.jobs[queue.taken]))
                }
                return queue.closed ? .some(nil) : nil
            }
            if let next { return next }
        }
    }
}

import Foundation
import Synchronization

/// A wait that ran out of time: the test fails naming what it was waiting for, instead of
/// hanging until the runner is killed.
public struct DeadlineExceeded: Error, CustomStringConvertible {
    public var what: String
    public var seconds: Double

    public init(what: String, seconds: Double) {
        self.what = what
        self.seconds = seconds
    }

    public var description: String { "gave up after \(seconds) s waiting for \(what)" }
}

/// Polls `condition` until it holds, blocking the calling thread (a plain thread, never a task:
/// use `waitUntil` there), or throws `DeadlineExceeded`.
///
/// The default deadline is a minute: it only bounds how long a broken test takes to fail, and
/// CI runs every suite at once on two cores, where a healthy wait can take many seconds.
/// - Parameters:
///   - what: what the test waits for, said so the failure reads on its own
///     ("64 open connections (have 12)"); evaluated only when the deadline passes.
///   - every: how long to wait between looks; longer where one look is costly (a
///     subprocess, a request), so the wait does not load the machine it waits on.
public func blockUntil(
    _ what: @autoclosure () -> String, seconds: Double = 60, every interval: Duration = .milliseconds(10),
    _ condition: () throws -> Bool
) throws {
    let deadline = Date().addingTimeInterval(seconds)
    let pause = Double(interval.components.seconds) + Double(interval.components.attoseconds) / 1e18
    while try !condition() {
        guard Date() < deadline else { throw DeadlineExceeded(what: what(), seconds: seconds) }
        Thread.sleep(forTimeInterval: pause)
    }
}

/// Polls `condition` from a task until it holds, or throws `DeadlineExceeded` (a minute by
/// default, as `blockUntil`, which says what `every` is for).
public func waitUntil(
    _ what: @autoclosure () -> String, seconds: Double = 60, every interval: Duration = .milliseconds(10),
    _ condition: () async throws -> Bool
) async throws {
    let deadline = ContinuousClock.now + .seconds(seconds)
    while try await !condition() {
        guard ContinuousClock.now < deadline else { throw DeadlineExceeded(what: what(), seconds: seconds) }
        try await Task.sleep(for: interval)
    }
}

/// Runs `body` on a task of its own and returns its result, or throws `DeadlineExceeded` once
/// `seconds` have passed (a minute by default, as `waitUntil`). The body is cancelled then but not waited for, so even a body that
/// ignores cancellation cannot hang the test.
public func withDeadline<T: Sendable>(
    seconds: Double = 60, waitingFor what: String, _ body: @escaping @Sendable () async throws -> T
) async throws -> T {
    let pending = Pending<T>()
    return try await withCheckedThrowingContinuation { continuation in
        pending.continuation.withLock { $0 = continuation }
        let timer = Task {
            do {
                try await Task.sleep(for: .seconds(seconds))
            } catch {
                return  // the body finished first
            }
            pending.work.withLock { $0 }?.cancel()
            pending.finish(.failure(DeadlineExceeded(what: what, seconds: seconds)))
        }
        let work = Task {
            do {
                pending.finish(.success(try await body()))
            } catch {
                pending.finish(.failure(error))
            }
            timer.cancel()
        }
        pending.work.withLock { $0 = work }
    }
}

/// The continuation of a `withDeadline` call, resumed by whichever of the body and the timer
/// ends first.
private final class Pending<T: Sendable>: Sendable {
    let continuation = Mutex<CheckedContinuation<T, any Error>?>(nil)
    let work = Mutex<Task<Void, Never>?>(nil)

    func finish(_ result: Result<T, any Error>) {
        continuation.withLock { continuation in
            continuation?.resume(with: result)
            continuation = nil
        }
    }
}

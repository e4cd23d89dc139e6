import Dispatch
import Foundation

/// Ends the test process, naming what hung, if `body` has not returned within `seconds`.
///
/// A test of blocking calls cannot fail a hang the usual way: a deadline kept by a task needs a
/// thread of the cooperative pool, which a hang may be holding, and a hung main thread cannot be
/// interrupted. This one waits on a thread of its own, and a hang ends the run with a message
/// instead of a runner killed by CI's timeout. A minute bounds a healthy run many times over.
func withWatchdog<T>(_ what: String, seconds: Double = 120, _ body: () throws -> T) rethrows -> T {
    let finished = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
        if finished.wait(timeout: .now() + seconds) == .timedOut {
            FileHandle.standardError.write(Data("HUNG: \(what) did not return within \(seconds) s\n".utf8))
            abort()
        }
    }
    defer { finished.signal() }
    return try body()
}

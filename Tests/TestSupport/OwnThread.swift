import Foundation

/// Runs blocking work (a child process, a whole main loop) on a thread of its own and awaits
/// its result, so the test leaves Swift's cooperative pool free: on a two-core machine the pool
/// has two threads, and a test blocking one of them for seconds starves every other test's tasks.
public func onOwnThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread.detachNewThread { continuation.resume(with: Result { try body() }) }
    }
}

import Foundation
import Subprocess

/// Runs a child process on a thread of its own and waits without holding a thread of Swift's
/// cooperative pool (two threads on a two-core machine): a test waiting for `bash` or `kiosk`
/// must not stall every other test's async work meanwhile.
enum Child {
    static func run(_ arguments: [String], environment: [String: String]? = nil) async throws
        -> Subprocess.Output
    {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                do {
                    continuation.resume(returning: try Subprocess.run(arguments, environment: environment))
                } catch {
                    continuation.resume(throwing: error)
                }
            }
        }
    }
}

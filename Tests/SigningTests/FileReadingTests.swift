import Foundation
import Signing
import Synchronization
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A certificate path that is a directory or a named pipe is refused at once in plain words;
/// a pipe used to block `kiosk verify --root PIPE` for ever (issue 11, item 7).
@Suite final class FileReadingTests: Sendable {
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
        "kiosk-io-\(UUID().uuidString)")

    /// Swift Testing makes a suite instance per test: its files go when the test ends.
    deinit { try? FileManager.default.removeItem(at: scratch) }

    func message(reading path: String) -> String {
        do {
            _ = try Certificate.read(at: path)
            return "read"
        } catch {
            return "\(error)"
        }
    }

    @Test func aDirectoryIsNamedAsOne() throws {
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        let text = message(reading: scratch.path)
        #expect(text.contains(scratch.path) && text.contains("is a directory, not a file"), "\(text)")
    }

    @Test func aNamedPipeIsRefusedWithoutWaitingForAWriter() throws {
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        let pipe = scratch.appendingPathComponent("root.pem").path
        #expect(mkfifo(pipe, 0o600) == 0)
        let outcome = Mutex<String?>(nil)
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread { [self] in
            let text = message(reading: pipe)
            outcome.withLock { $0 = text }
            done.signal()
        }
        // Deadline: on the old code the read never returned.
        guard done.wait(timeout: .now() + 60) == .success, let text = outcome.withLock({ $0 }) else {
            Issue.record("reading a named pipe is still blocked after 10 s")
            return
        }
        #expect(text.contains(pipe) && text.contains("not a regular file"), "\(text)")
    }
}

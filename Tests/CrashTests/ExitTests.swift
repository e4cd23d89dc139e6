import Foundation
import Subprocess
import Testing

/// A process exits with threads still signing (an owner's store thread, a client's
/// verification) and must end quietly: OpenSSL's clean-up at exit used to free what those
/// threads were using, which crashed about one such exit in eight (SIGSEGV, SIGILL, or glibc's
/// "double free or corruption"), and once in about 5,000 `kiosk store buy` processes (issue 22).
@Suite struct ExitTests {
    @Test func aProcessExitingWhileThreadsSignEndsQuietly() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "kiosk-exit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        // 40 exits: with one in eight crashing, all 40 pass by chance once in 200 runs.
        var failures: [String] = []
        for run in 0..<40 {
            let errors = directory.appendingPathComponent("\(run).err").path
            let pid = try Subprocess.spawn(
                [CrashRecoveryTests.stormBinary, "exit-while-signing"], standardOutput: "/dev/null",
                standardError: errors)
            let status = await CrashRecoveryTests.offThePool { Subprocess.wait(pid) }
            if status != 0 {
                let text = (try? String(contentsOfFile: errors, encoding: .utf8)) ?? ""
                failures.append("exit \(run): status \(status) \(text.prefix(300))")
            }
        }
        #expect(
            failures.isEmpty, "\(failures.count) of 40 exits failed:\n\(failures.joined(separator: "\n"))")
    }
}

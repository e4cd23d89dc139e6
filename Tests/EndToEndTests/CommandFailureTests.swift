import Foundation
import Subprocess
import Testing

/// A command's failure is said once, on standard error, by the top level, with the command's own
/// exit code: a failure raised deep inside a command is not wrapped or repeated on its way out.
@Suite struct CommandFailureTests {
    func kiosk(_ arguments: [String]) throws -> Subprocess.Output {
        try Subprocess.run([TmuxSession.binary] + arguments)
    }

    func temporaryState() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("kiosk-failure-\(UUID().uuidString)")
            .path
    }

    @Test func anUnreadableKeyFileIsSaidOnceWithExit65() throws {
        let state = temporaryState()
        defer { try? FileManager.default.removeItem(atPath: state) }
        let missing = state + "/no-such-key.pem"
        let result = try kiosk([
            "keys", "add", "--key-id", "K1", "--issuer", "I1", "--public-key", missing, "--state", state,
        ])
        #expect(result.status == 65)
        #expect(result.standardError == "kiosk keys: cannot read \(missing): no such file: check the path\n")
        #expect(result.standardOutput.isEmpty)
    }

    @Test func anUnknownThemeIsSaidOnceWithExit64() throws {
        let result = try kiosk(["--ephemeral", "--theme", "no-such-theme", "--dump", "80x24"])
        #expect(result.status == 64)
        #expect(
            result.standardError
                == "kiosk: no bundled theme 'no-such-theme': use default, high-contrast, mono or sunset, or a path "
                + "to a theme file\n")
    }
}

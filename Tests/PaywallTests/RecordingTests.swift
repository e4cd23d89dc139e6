import Foundation
import Paywall
import Subprocess
import TerminalUI
import TestSupport
import Testing

/// `kiosk --record`: a session recorded through ``RecordingTerminal`` is a valid asciicast v2
/// file (read by the `asciinema` package from PyPI), and replayed through a terminal emulator
/// (`pyte`) it ends on exactly the screen the paywall drew.
@Suite struct RecordingTests {
    static var python: String {
        ProcessInfo.processInfo.environment["KIOSK_PYTHON"] ?? Fixtures.root.path + "/.venv/bin/python3"
    }

    @Test func aReplayedRecordingEndsOnTheScreenThePaywallDrew() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "kiosk-\(UUID().uuidString).cast"
        )
        .path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let app = PaywallApp(
            store: try Fixtures.store(), content: try Fixtures.content(), theme: try Fixtures.theme())
        // Buy a plan through the sheet, resize mid-session, then quit. The loop runs on the main
        // thread, as in `kiosk`, so the store's work is never starved of a thread.
        let (drawn, timedOut) = try await MainActor.run {
            let terminal = ScriptedTerminal(
                size: Size(columns: 100, rows: 30),
                steps: [
                    .init(waitFor: "/month", keys: [.down, .enter]),
                    .init(waitFor: "Confirm", keys: [.enter]),
                    .init(waitFor: "Purchased", action: .resize(Size(columns: 90, rows: 26))),
                    .init(waitFor: "Current plan", keys: [.character("q")]),
                ])
            let recording = try RecordingTerminal(terminal, path: path)
            _ = app.run(on: recording)
            recording.end()
            return (terminal.headless.screen, terminal.timedOutWaitingFor)
        }
        #expect(timedOut == nil)

        let command = [Self.python, Fixtures.root.path + "/Tests/Interop/replay_cast.py", path]
        let replay = try await onOwnThread { try Subprocess.run(command) }
        try #require(replay.status == 0, "replay_cast.py: \(replay.standardError)")
        let report = try #require(
            try JSONSerialization.jsonObject(with: Data(replay.standardOutput.utf8)) as? [String: Any])
        #expect(report["width"] as? Int == 100)
        #expect(report["height"] as? Int == 30)
        #expect(report["resizes"] as? Int == 1)
        #expect((report["events"] as? Int ?? 0) >= 4)
        let lines = try #require(report["lines"] as? [String])
        let screen = drawn.plainText.components(separatedBy: "\n")
        #expect(screen.count == 26)
        #expect(lines == screen)
        #expect(drawn.plainText.contains("Current plan"))
        // Idle time is capped on replay, and the replay ends with the cursor shown again.
        let cast = try String(contentsOfFile: path, encoding: .utf8)
        #expect(cast.hasPrefix("{\"version\": 2,") && cast.contains("\"idle_time_limit\": 2.0"))
        #expect(cast.hasSuffix("\"o\", \"\\u001b[0m\\u001b[?25h\"]\n"), "\(cast.suffix(80))")
    }
}

import Foundation
import Subprocess
import Testing

/// `kiosk rehearse --play` and `--record` in a real terminal (tmux).
@Suite(.serialized) struct RehearseEndToEndTests {
    static let library = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("rehearsals")

    func run(_ session: TmuxSession, _ command: String) throws {
        try session.tmux(
            "new-session", "-d", "-s", "app", "-x", "100", "-y", "32",
            "sh -c 'env TERM=tmux-256color LANG=C.UTF-8 \(TmuxSession.binary) \(command); echo exit=$?; sleep 30'"
        )
    }

    /// Waits for the command `run` started to end: the screen then, and the exit status from
    /// the `exit=N` line (nil, with the screen in the failure, when there is none). Reads the
    /// whole number: `contains("exit=1")` also passed on 127, the shell's "not found".
    func end(of session: TmuxSession) async throws -> (screen: String, status: Int32?) {
        let screen = try await session.waitFor("exit=")
        let status = screen.firstMatch(of: /exit=([0-9]+)\b/).flatMap { Int32($0.1) }
        if status == nil { Issue.record("no exit status on the screen:\n\(screen)") }
        return (screen, status)
    }

    /// The paywall on screen, a caption naming each step, then the summary when it ends. The
    /// long `wait` holds the caption on screen however slowly the machine polls; `n` (paused)
    /// ends it.
    @Test func playShowsThePaywallWithCaptionsAndEnds() async throws {
        let session = TmuxSession()
        defer { session.close() }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "play-\(UUID().uuidString).rehearsal")
        defer { try? FileManager.default.removeItem(at: file) }
        try """
        caption "Rehearsal for the audience"
        press down
        wait 60s
        press enter
        expect screen "Confirm"
        """.write(to: file, atomically: true, encoding: .utf8)
        try run(session, "rehearse --play --pace 100 \(file.path)")
        try await session.waitFor("Rehearsal for the audience")
        // During the wait: the paywall above, the caption with the step below.
        let screen = try await session.waitFor("wait 60s")
        #expect(screen.contains("Lumen Pro") && screen.contains("Rehearsal for the audience  ›  wait 60s"))
        try session.keys("Space")
        try await session.waitFor("[paused: space resumes, n steps]")
        try session.keys("n", "Space")
        let end = try await end(of: session)
        #expect(end.screen.contains("1 passed, 0 failed"))
        #expect(end.status == 0)
    }

    /// Space pauses; `n` runs one step; `q` stops (the rest is not run, so it does not pass).
    @Test func playPausesStepsAndStops() async throws {
        let session = TmuxSession()
        defer { session.close() }
        let file = Self.library.appendingPathComponent("paywall-keys.rehearsal").path
        try run(session, "rehearse --play --pace 300 \(file)")
        try await session.waitFor("[space pauses, q stops]")
        try session.keys("Space")
        try await session.waitFor("[paused: space resumes, n steps]")
        try session.keys("n")
        try session.keys("q")
        let end = try await end(of: session)
        #expect(end.screen.contains("STOPPED"), "q stops the run: it does not go on and pass")
        #expect(end.status == 1, "a stopped run exits 1, as a failed one does:\n\(end.screen)")
    }

    /// For an audience (issue 27): an included preamble runs unseen, the caption survives a long
    /// `advance` (no progress bar over it), and a failure is shown on screen until a key.
    @Test func playKeepsItsCaptionHidesThePreambleAndShowsAFailure() async throws {
        let session = TmuxSession()
        defer { session.close() }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "play-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try "set interrupted off\n".write(
            to: folder.appendingPathComponent("_preamble.rehearsal"), atomically: true, encoding: .utf8)
        let file = folder.appendingPathComponent("show.rehearsal")
        try """
        include _preamble.rehearsal
        caption "For the audience"
        advance 40d
        wait 60s
        expect entitlement com.kiosk.lumen.lifetime
        """.write(to: file, atomically: true, encoding: .utf8)
        try run(session, "rehearse --play --pace 100 \(file.path)")
        let waiting = try await session.waitFor("For the audience  ›  wait 60s")
        #expect(!waiting.contains("set interrupted off"))
        try session.keys("Space")
        try await session.waitFor("[paused: space resumes, n steps]")
        try session.keys("n", "Space")
        let failed = try await session.waitFor("[any key goes on]")
        #expect(failed.contains("✗ show.rehearsal:5: expected an entitlement"))
        try session.keys("x")
        let end = try await end(of: session)
        #expect(end.screen.contains("0 passed, 1 failed"))
        #expect(end.status == 1)
    }

    /// `--play --record FILE.cast`: asciicast v2 with an idle time limit, a marker for each
    /// caption and step, and the cursor shown again at the end.
    @Test func playRecordsTheShowAsAnAsciicastWithMarkers() async throws {
        let session = TmuxSession()
        defer { session.close() }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "cast-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("show.rehearsal")
        try """
        caption "Buying a plan"
        press down
        press enter
        expect screen "Confirm"
        """.write(to: file, atomically: true, encoding: .utf8)
        let cast = folder.appendingPathComponent("show.cast").path
        try run(session, "rehearse --play --pace 50 --record \(cast) \(file.path)")
        let end = try await end(of: session)
        #expect(end.screen.contains("1 passed, 0 failed"))
        #expect(end.status == 0)
        let lines = try String(contentsOfFile: cast, encoding: .utf8).split(separator: "\n").map(String.init)
        let header = try #require(
            try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        #expect(header["version"] as? Int == 2)
        #expect(header["idle_time_limit"] as? Double == 2)
        let events = try lines.dropFirst().map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [Any])
        }
        let markers = events.filter { $0[1] as? String == "m" }.compactMap { $0[2] as? String }
        #expect(
            markers == [
                "Buying a plan", "Buying a plan › ⌨ down", "Buying a plan › ⌨ enter",
                "Buying a plan › expect screen \"Confirm\"",
            ])
        let last = try #require(events.last?[2] as? String)
        #expect(last.hasSuffix("\u{1B}[?25h"), "the cursor is shown again at the end")
    }

    /// Keys pressed in the paywall become a rehearsal that runs.
    @Test func recordWritesKeysAsARehearsalThatRuns() async throws {
        let session = TmuxSession()
        defer { session.close() }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "recorded-\(UUID().uuidString).rehearsal"
        )
        .path
        defer { try? FileManager.default.removeItem(atPath: file) }
        try run(session, "rehearse --record \(file)")
        try await session.waitFor("Lumen Pro (Monthly)")
        try session.keys("Down", "Down", "m")
        try await session.waitFor("Transaction Manager")
        try session.keys("Escape", "q")
        #expect(try await end(of: session).status == 0)
        let text = try String(contentsOfFile: file, encoding: .utf8)
        #expect(
            text.contains(
                "catalog demo\npress down 2\npress m\npress escape   # Transaction Manager: close\npress q\n"),
            "\(text)")
        let replay = try Subprocess.run([TmuxSession.binary, "rehearse", file])
        #expect(replay.status == 0, "\(replay.standardOutput)")
    }
}

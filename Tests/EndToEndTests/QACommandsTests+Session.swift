import Foundation
import Subprocess
import TestSupport
import Testing

/// A tester's QA session on the real binary in tmux (docs/qa.md): start from a preset, buy in
/// the paywall, send the subscription into billing retry from the
/// Transaction Manager, save a save point, and hand over a report that shows those steps with
/// the screens they were made on; then load the save point into the open paywall. Part of the
/// QA commands' suite, so it runs one at a time with them.
extension QACommandsTests {
    @Test func aQASessionEndsInAReportOfItsSteps() async throws {
        let session = TmuxSession()
        defer { session.close() }
        // Played on a thread of its own: its tmux and kiosk processes are waited for there, never
        // on Swift's cooperative pool, which the other tests' servers and runners need meanwhile.
        let (saved, load) = try await Self.onThread { try Self.play(session) }
        #expect(load.status == 0, "\(load.standardError)")

        let report = session.state + "/report.md"
        let output = try await kiosk([
            "report", "--session", "last", "--out", report, "--state", session.state,
        ])
        #expect(output.status == 0, "\(output.standardError)")
        let text = try String(contentsOfFile: report, encoding: .utf8)
        let steps = [
            "Purchasing com.kiosk.lumen.pro.monthly", "paywall · payment-sheet", "SUBSCRIBED/INITIAL_BUY",
            "Advancing the store's clock", "paywall · transaction-manager", "DID_FAIL_TO_RENEW",
            "Saved save point \(saved)", "Resolving the billing issue", "loaded save point \(saved)",
            "verified against the state's root",
        ]
        var position = text.startIndex
        for step in steps.prefix(7) {
            // In the order they happened.
            guard let found = text.range(of: step, range: position..<text.endIndex) else {
                Issue.record("the report lacks \(step.debugDescription) after what came before it")
                continue
            }
            position = found.upperBound
        }
        for step in steps.suffix(3) { #expect(text.contains(step), "\(step)") }
        // The paywall's run and what the shell did while it ran (the load from the other pane),
        // not the preset applied before it started.
        #expect(!text.contains("Resetting the store"))
        #expect(text.contains("· cli ·") && text.contains("Loading save point \(saved)"))
        #expect(text.contains("Billing retry on renewal on"), "billing retry was switched on in the manager")
        // The pictures: the payment sheet the purchase was confirmed on, the manager's screen.
        #expect(text.contains("Screen (payment-sheet):") && text.contains("[ Confirm ]"))
        #expect(
            text.contains("Screen (transaction-manager):") && text.contains("Transaction Manager · tester"))
        let html = session.state + "/report.html"
        #expect(try await kiosk(["report", "--out", html, "--state", session.state]).status == 0)
        let page = try String(contentsOfFile: html, encoding: .utf8)
        #expect(page.contains("DID_FAIL_TO_RENEW"))
        // Each pictured step shows its screen as an inline SVG in colour, none as old plain text.
        let pictured = page.components(separatedBy: "<h4>Screen (").count - 1
        #expect(pictured >= 2)
        #expect(page.components(separatedBy: "<svg xmlns=").count - 1 >= pictured)
        #expect(page.components(separatedBy: "aria-label=\"The paywall at step ").count - 1 == pictured)
        #expect(!page.contains("<pre class=\"screen\">") && !page.contains("\u{1B}"))
        // The subscription's timeline, drawn as the Transaction Manager draws it.
        #expect(page.contains("<section id=\"subscriptions\">") && page.contains("aria-label=\"tester · "))
        #expect(text.contains("## Subscription timelines") && text.contains("retry"))
    }

    /// `kiosk ARGS`, waited for on a thread of its own (`Self.onThread`).
    func kiosk(_ arguments: [String]) async throws -> Subprocess.Output {
        let command = [TmuxSession.binary] + arguments
        return try await Self.onThread { try Subprocess.run(command) }
    }

    /// The session itself: the starting state, the purchase, billing retry from the Transaction
    /// Manager, a save point, a resolve and two loads (the manager's `l`, then another process's).
    /// Returns the save point's name and the other process's load.
    static func play(_ session: TmuxSession) throws -> (saved: String, load: Subprocess.Output) {
        // The starting state: a preset, a new customer eligible for the free trial.
        let preset = try Subprocess.run(
            [TmuxSession.binary, "preset", "apply", "new-user", "--state", session.state])
        guard preset.status == 0 else {
            throw SessionFailure("kiosk preset apply new-user: \(preset.standardError)")
        }
        try session.start()
        try waitFor("Lumen Pro (Monthly)", in: session)
        // The paywall opens on Pro Annual (a free trial, the best value): Pro Monthly is above.
        try session.keys("Up", "Enter")
        try waitFor("Confirm", in: session)
        try session.keys("Enter")
        try waitFor("Free trial: Lumen Pro (Monthly)", in: session)
        // Billing retry on from the manager, then a month on: the trial's renewal fails into retry.
        try session.keys("m")
        try waitFor("Lumen Pro (Month", in: session)
        try session.keys("b")
        try waitFor("billing retry on", in: session)
        try session.keys("]")
        try waitFor("billing retry   Product", in: session)
        try session.keys("s")
        let saved = try waitForSavePoint(in: session.state)
        // Resolve the issue, then load the save point: the open paywall shows retry again.
        try session.keys("o")
        try waitFor("purchased   Product", in: session)
        try session.keys("l")
        try waitFor("billing retry   Product", in: session)
        // Another process loads through the paywall that owns the state: the paywall re-reads.
        try session.keys("o")
        try waitFor("purchased   Product", in: session)
        let load = try Subprocess.run([TmuxSession.binary, "state", "load", saved, "--state", session.state])
        try waitFor("billing retry   Product", in: session)
        return (saved, load)
    }

    struct SessionFailure: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    /// Polls the screen until it shows `text`, for up to 60 seconds.
    static func waitFor(_ text: String, in session: TmuxSession) throws {
        var screen = ""
        do {
            try blockUntil("\(text.debugDescription) on the screen", every: .milliseconds(250)) {
                // A capture that fails (the session not up yet) is an empty screen: look again.
                screen = (try? session.screen()) ?? ""
                return screen.contains(text)
            }
        } catch is DeadlineExceeded {
            throw SessionFailure("timed out waiting for \(text.debugDescription). Screen:\n\(screen)")
        }
    }

    /// The save point the Transaction Manager made, once its file is there (up to 60 seconds).
    static func waitForSavePoint(in state: String) throws -> String {
        let directory = state + "/savepoints"
        var saved: String?
        do {
            try blockUntil("a save point in \(directory)", every: .milliseconds(250)) {
                // The directory is made with the first save point: until then, none is there.
                let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
                saved = names.first { $0.hasSuffix(".kiosk") }.map { String($0.dropLast(".kiosk".count)) }
                return saved != nil
            }
        } catch is DeadlineExceeded {}
        guard let saved else { throw SessionFailure("no save point appeared in \(directory)") }
        return saved
    }
}

import Foundation
import Subprocess
import Testing

/// A tester's QA session on the real binary in tmux (docs/qa.md): start from a state built with
/// store actions, buy in the paywall, send the subscription into billing retry from the
/// Transaction Manager, save a save point, and hand over a report that shows those steps with
/// the screens they were made on; then load the save point into the open paywall. Part of the
/// QA commands' suite, so it runs one at a time with them.
extension QACommandsTests {
    @Test func aQASessionEndsInAReportOfItsSteps() async throws {
        let session = TmuxSession()
        defer { session.close() }
        // The starting state (a preset, once presets exist): billing retry on, one earlier purchase.
        try session.store("set", "billing-retry", "on")
        try session.store("buy", "com.kiosk.lumen.filmpack")
        try session.start()
        try await session.waitFor("Lumen Pro (Monthly)")
        try session.keys("Down", "Down", "Enter")
        try await session.waitFor("Confirm")
        try session.keys("Enter")
        try await session.waitFor("Current plan: Lumen Pro (Monthly)")
        // The trial ends a month on; billing retry is on, so the renewal fails into retry.
        try session.keys("m")
        try await session.waitFor("Lumen Pro (Month")
        try session.keys("]")
        try await session.waitFor("billing retry   Product")
        try session.keys("s")
        let saved = try await waitForSavePoint(in: session.state)
        // Resolve the issue, then load the save point: the open paywall shows retry again.
        try session.keys("o")
        try await session.waitFor("purchased   Product")
        try session.keys("l")
        try await session.waitFor("billing retry   Product")
        // Another process loads through the paywall that owns the state: the paywall re-reads.
        try session.keys("o")
        try await session.waitFor("purchased   Product")
        let load = try await kiosk(["state", "load", saved, "--state", session.state])
        #expect(load.status == 0, "\(load.standardError)")
        try await session.waitFor("billing retry   Product")

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
        // The paywall's run only: not the shell's setup before it, nor the shell's load after.
        #expect(!text.contains("Billing retry on renewal on") && !text.contains("· cli ·"))
        // The pictures: the payment sheet the purchase was confirmed on, the manager's screen.
        #expect(text.contains("Screen (payment-sheet):") && text.contains("[ Confirm ]"))
        #expect(
            text.contains("Screen (transaction-manager):") && text.contains("Transaction Manager · tester"))
        let html = session.state + "/report.html"
        #expect(try await kiosk(["report", "--out", html, "--state", session.state]).status == 0)
        let page = try String(contentsOfFile: html, encoding: .utf8)
        #expect(page.contains("<pre class=\"screen\">") && page.contains("DID_FAIL_TO_RENEW"))
    }

    /// `kiosk ARGS`, waited for on a thread of its own (`Self.onThread`).
    func kiosk(_ arguments: [String]) async throws -> Subprocess.Output {
        let command = [TmuxSession.binary] + arguments
        return try await Self.onThread { try Subprocess.run(command) }
    }

    /// The save point the Transaction Manager made, once its file is there.
    func waitForSavePoint(in state: String) async throws -> String {
        let deadline = ContinuousClock.now + .seconds(30)
        let directory = state + "/savepoints"
        while ContinuousClock.now < deadline {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
            if let name = names.first(where: { $0.hasSuffix(".kiosk") }) {
                return String(name.dropLast(".kiosk".count))
            }
            try await Task.sleep(for: .milliseconds(50))
        }
        Issue.record("no save point appeared in \(directory)")
        return "(none)"
    }
}

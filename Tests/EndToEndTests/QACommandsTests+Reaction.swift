import Foundation
import Subprocess
import TestSupport
import Testing

/// A step taken from the shell shows the paywall's reaction (docs/qa.md): two paywalls on one
/// state, the first its owner and the second its client over the state's socket, see a refund
/// made by `kiosk store` in another pane; each journals its redrawn screen once, and its closing
/// ends `--session last`.
extension QACommandsTests {
    @Test func aShellStepIsFollowedByEachPaywallsReactionAndTheSessionEndsWhereThePaywallQuit()
        async throws
    {
        let session = TmuxSession()
        defer { session.close() }
        // Bought and finished before the paywalls open: neither has work of its own at launch.
        try session.store("buy", "com.kiosk.lumen.pro.monthly")
        try session.store("finish", "last")
        try session.start()
        try await session.waitFor("Free trial: Lumen Pro (Monthly)")
        // The second paywall is a client of the first, which owns the state.
        try session.tmux(
            "new-session", "-d", "-s", "client", "-x", "100", "-y", "30",
            "env TERM=tmux-256color LANG=C.UTF-8 \(TmuxSession.binary) --state \(session.state)")
        try await Self.waitFor("Free trial: Lumen Pro (Monthly)", in: "client", of: session)

        let refund = try await run([TmuxSession.binary, "store", "refund", "last", "--state", session.state])
        #expect(refund.status == 0, "\(refund.standardError)")
        try await session.waitFor("Refunded: Lumen Pro (Monthly) was revoked")
        try await Self.waitFor("Refunded: Lumen Pro (Monthly) was revoked", in: "client", of: session)
        // Both lines are written once the redraw is: quit only when they are there.
        let reactions = try await waitForLines(action: "Paywall redrawn", count: 2, in: session.state)
        try session.tmux("send-keys", "-t", "client", "q")
        try session.keys("q")
        _ = try await waitForLines(action: "Paywall closed", count: 2, in: session.state)
        // A step after the paywalls closed: not part of their session.
        let later = try await run([TmuxSession.binary, "store", "advance", "1d", "--state", session.state])
        #expect(later.status == 0, "\(later.standardError)")

        let journal = try await journalLines(session.state)
        let refundIndex = try #require(
            journal.firstIndex { ($0["action"] as? String)?.hasPrefix("Refunding") == true })
        #expect(reactions.count == 2)
        #expect(Set(reactions.compactMap { $0["session"] as? String }).count == 2, "one line per paywall")
        for reaction in reactions {
            let index = try #require(
                journal.firstIndex { $0["sequence"] as? Int == reaction["sequence"] as? Int })
            #expect(index > refundIndex, "the reaction follows the shell's step")
            #expect(reaction["source"] as? String == "paywall")
            #expect(reaction["screen"] as? String == "subscriptions")
            #expect((reaction["result"] as? String)?.contains("transaction 2000000000000001 revoked") == true)
            #expect(
                (reaction["picture"] as? String)?.contains("Refunded: Lumen Pro (Monthly) was revoked")
                    == true)
        }
        // Only the refund redrew the paywalls from elsewhere: their own finishing adds no line.
        #expect(journal.filter { $0["action"] as? String == "Paywall redrawn" }.count == 2)
        #expect(journal.filter { $0["action"] as? String == "Paywall closed" }.count == 2)

        let last = try await run([
            TmuxSession.binary, "journal", "--session", "last", "--json", "--state", session.state,
        ])
        #expect(last.status == 0, "\(last.standardError)")
        let lastLines = Self.objects(last.standardOutput)
        #expect(
            lastLines.last?["action"] as? String == "Paywall closed",
            "the session ends where its paywall quit")
        #expect(!lastLines.contains { ($0["action"] as? String)?.hasPrefix("Advancing") == true })
        #expect(lastLines.contains { ($0["action"] as? String)?.hasPrefix("Refunding") == true })

        let report = session.state + "/reaction.md"
        let output = try await run([
            TmuxSession.binary, "report", "--session", "last", "--out", report, "--state", session.state,
        ])
        #expect(output.status == 0, "\(output.standardError)")
        let text = try String(contentsOfFile: report, encoding: .utf8)
        let shellStep = try #require(text.range(of: "Refunding transaction 2000000000000001"))
        let reaction = try #require(
            text.range(of: "Paywall redrawn", range: shellStep.upperBound..<text.endIndex))
        #expect(text.range(of: "Screen (subscriptions):", range: reaction.upperBound..<text.endIndex) != nil)
        #expect(!text.contains("Advancing the store's clock"))
    }

    /// Polls tmux session `name`'s screen until it shows `text`, for up to 60 seconds.
    static func waitFor(_ text: String, in name: String, of session: TmuxSession) async throws {
        var screen = ""
        do {
            try await waitUntil("\(text.debugDescription) in \(name)", every: .milliseconds(100)) {
                // A capture that fails (the pane not there yet) is an empty screen: look again.
                screen = (try? session.tmux("capture-pane", "-p", "-t", name)) ?? ""
                return screen.contains(text)
            }
        } catch is DeadlineExceeded {
            Issue.record("timed out waiting for \(text.debugDescription) in \(name). Screen:\n\(screen)")
        }
    }

    /// The journal's lines whose action is `action`, once there are `count` of them (60 seconds).
    func waitForLines(action: String, count: Int, in state: String) async throws -> [[String: Any]] {
        var lines: [[String: Any]] = []
        do {
            try await waitUntil("\(count) '\(action)' lines in the journal", every: .milliseconds(200)) {
                lines = try await journalLines(state).filter { $0["action"] as? String == action }
                return lines.count >= count
            }
        } catch is DeadlineExceeded {
            Issue.record("the journal has \(lines.count) '\(action)' lines, not \(count)")
        }
        return lines
    }

    /// `kiosk journal --json`, one object a line.
    func journalLines(_ state: String) async throws -> [[String: Any]] {
        let output = try await run([TmuxSession.binary, "journal", "--json", "--state", state])
        #expect(output.status == 0, "\(output.standardError)")
        return Self.objects(output.standardOutput)
    }

    static func objects(_ jsonLines: String) -> [[String: Any]] {
        jsonLines.split(separator: "\n").compactMap {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any]
        }
    }
}

import Foundation
import Subprocess
import TestSupport
import Testing

/// The QA recipe: the paywall open in one pane, `kiosk store` in another, on one state. The
/// paywall owns the state and the shell is its client: each action shows in the paywall at once.
@Suite(.serialized) struct SharedStateEndToEndTests {
    /// Runs `kiosk store ARGS --state DIR --json` and returns its standard output.
    func storeJSON(_ session: TmuxSession, _ arguments: String...) throws -> Any {
        let output = try Subprocess.run(
            [TmuxSession.binary, "store"] + arguments + ["--state", session.state, "--json"])
        #expect(output.status == 0, "kiosk store \(arguments): \(output.standardError)")
        return try JSONSerialization.jsonObject(with: Data(output.standardOutput.utf8))
    }

    func pendingID(_ session: TmuxSession) throws -> String? {
        let records = try storeJSON(session, "transactions") as? [[String: Any]] ?? []
        let pending = records.first { $0["state"] as? String == "pendingApproval" }
        return ((pending?["transaction"] as? [String: Any])?["id"] as? NSNumber)?.stringValue
    }

    @Test func askToBuyTurnedOnAndApprovedFromTheShellWhileThePaywallIsOpen() async throws {
        let session = TmuxSession()
        defer { session.close() }
        try session.start()
        try await session.waitFor("Lumen Pro (Monthly)")
        // The paywall owns the state; the shell is its client and changes the live store.
        try session.store("set", "ask-to-buy", "on")
        try await session.askToBuyLifetime()
        let id = try #require(try pendingID(session), "the paywall's purchase waits for approval")
        try session.store("approve", id)
        let screen = try await session.waitFor("Ask to Buy approved: Lumen Lifetime is unlocked")
        #expect(!screen.contains("Waiting for approval"))
        try await session.waitFor("✓ Lumen Lifetime")
    }

    @Test func aPurchaseARefundAndAClockAdvanceFromTheShellShowAtOnce() async throws {
        let session = TmuxSession()
        defer { session.close() }
        try session.start()
        try await session.waitFor("no entitlements")
        let bought = try storeJSON(session, "buy", "com.kiosk.lumen.lifetime") as? [String: Any]
        let id = try #require(bought?["transactionID"] as? String)
        try await session.waitFor("✓ Lumen Lifetime")
        try session.store("refund", id)
        try await session.waitFor("Refunded: Lumen Lifetime was revoked")
        try await session.waitFor("no entitlements")
        try session.store("advance", "400d")
        let now = try storeJSON(session, "now") as? [String: Any]
        let milliseconds = try #require(
            now?["now"] as? NSNumber, "kiosk store now --json: \(String(describing: now))")
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy-MM-dd"
        formatter.timeZone = TimeZone(identifier: "UTC")  // as the status line shows the store clock
        let day = formatter.string(from: Date(timeIntervalSince1970: milliseconds.doubleValue / 1000))
        try await session.waitFor("· \(day) ")
    }

    @Test func aSecondPaywallSaysTheStoreIsSharedAndTakesOverWhenTheFirstQuits() async throws {
        let session = TmuxSession()
        defer { session.close() }
        try session.start()
        try await session.waitFor("Lumen Pro (Monthly)")
        try session.tmux(
            "new-window", "-d", "-t", "app", "-n", "second",
            "env TERM=tmux-256color LANG=C.UTF-8 \(TmuxSession.binary) --state \(session.state)")
        var screen = try await waitForSecond(session, "shared · pid")
        #expect(screen.contains("(paywall)"), "status line of the second paywall:\n\(screen)")
        // The first paywall quits: the second takes the state over by itself and says so.
        try session.keys("q")
        screen = try await waitForSecond(session, "sim (took over)")
        #expect(!screen.contains("shared · pid"))
        try session.tmux("send-keys", "-t", "app:second", "Tab")
        try await waitForSecond(session, "Film Filter Pack")
    }

    @discardableResult
    private func waitForSecond(_ session: TmuxSession, _ text: String) async throws -> String {
        var screen = ""
        do {
            try await waitUntil(
                "the second paywall to show \(text.debugDescription)", seconds: 30, every: .milliseconds(50)
            ) {
                screen = try session.tmux("capture-pane", "-p", "-t", "app:second")
                return screen.contains(text)
            }
        } catch is DeadlineExceeded {
            Issue.record("the second paywall never showed \(text.debugDescription):\n\(screen)")
        }
        return screen
    }
}

import Foundation
import Testing

/// The real binary in tmux, driven by keys as a user would.
@Suite(.serialized) struct PaywallEndToEndTests {
    @Test func buyingASubscriptionWithAnIntroOffer() async throws {
        let session = TmuxSession()
        defer { session.close() }
        try session.start()
        try await session.waitFor("Lumen Pro (Monthly)")
        // The paywall opens on Pro Annual (a free trial, the best value): Pro Monthly is above.
        try session.keys("Up", "Enter")
        try await session.waitFor("1 week free, then $9.99/month")
        try await session.waitFor("Confirm")
        try session.keys("Enter")
        try await session.waitFor("Purchased Lumen Pro (Monthly)")
        // A week's free trial: the subscriber's line says so and what it turns into.
        try await session.waitFor("Free trial: Lumen Pro (Monthly) · ends")
        try await session.waitFor("[ Current plan · Lumen Pro (Monthly) ]")
        try await session.waitFor("✓ Lumen Pro (Monthly)")
    }

    @Test func askToBuyApprovedFromTheTransactionManager() async throws {
        let session = TmuxSession()
        defer { session.close() }
        try session.store("set", "ask-to-buy", "on")
        try session.start()
        try await session.askToBuyLifetime()
        try session.keys("m")
        try await session.waitFor("pending approval")
        try session.keys("a")
        try await session.waitFor("Lifetime        purchased")
        try session.keys("Escape")
        let screen = try await session.waitFor("Ask to Buy approved: Lumen Lifetime is unlocked")
        #expect(!screen.contains("Waiting for approval"))
        try await session.waitFor("✓ Lumen Lifetime")
    }

    @Test func askToBuyDeclined() async throws {
        let session = TmuxSession()
        defer { session.close() }
        try session.store("set", "ask-to-buy", "on")
        try session.start()
        try await session.askToBuyLifetime()
        try session.keys("m", "d", "Escape")
        let screen = try await session.waitFor("Ask to Buy declined: Lumen Lifetime")
        #expect(!screen.contains("Waiting for approval"))
    }

    @Test func refundRevokes() async throws {
        let session = TmuxSession()
        defer { session.close() }
        try session.store("buy", "com.kiosk.lumen.lifetime")
        try session.start()
        try await session.waitFor("✓ Lumen Lifetime")
        try session.keys("m")
        try await session.waitFor("purchased")
        try session.keys("f", "Escape")
        try await session.waitFor("Refunded: Lumen Lifetime was revoked")
        try await session.waitFor("no entitlements")
    }

    @Test func restoreAndRedeem() async throws {
        let session = TmuxSession()
        defer { session.close() }
        try session.store("buy", "com.kiosk.lumen.filmpack")
        try session.start()
        try await session.waitFor("Film Filter Pack")
        try session.keys("r")
        try await session.waitFor("Restored 1 purchase")
        try session.keys("c")
        try await session.waitFor("Enter an offer code")
        try session.type("LUMENPRESS")
        try session.keys("Enter")
        try await session.waitFor("Redeemed LUMENPRESS")
    }

    @Test func policyViewer() async throws {
        let session = TmuxSession()
        defer { session.close() }
        try session.start()
        try await session.waitFor("Terms of Use")
        try session.keys("t")
        try await session.waitFor("Terms of Service")
        try await session.waitFor("renew automatically")
        try session.keys("Escape", "p")
        try await session.waitFor("Privacy Policy")
    }

    @Test func resizingDownAndBack() async throws {
        let session = TmuxSession()
        defer { session.close() }
        try session.start()
        try await session.waitFor("Lumen Pro (Monthly)")
        try session.tmux("resize-window", "-t", "app", "-x", "20", "-y", "6")
        try await session.waitFor("Terminal too small")
        try session.tmux("resize-window", "-t", "app", "-x", "100", "-y", "30")
        try await session.waitFor("Lumen Pro (Monthly)")
    }

    @Test func quittingLeavesTheTerminalSane() async throws {
        let session = TmuxSession()
        defer { session.close() }
        let report = session.state + "-stty.txt"
        defer { try? FileManager.default.removeItem(atPath: report) }
        try session.start(after: "stty -a > \(report); echo KIOSK-EXITED; sleep 30")
        try await session.waitFor("Lumen Pro (Monthly)")
        try session.keys("q")
        let screen = try await session.waitFor("KIOSK-EXITED")
        #expect(!screen.contains("Lumen Pro"), "the alternate screen is gone")
        let stty = try String(contentsOfFile: report, encoding: .utf8)
        #expect(stty.contains(" icanon") && stty.contains(" echo "), "\(stty)")
    }
}

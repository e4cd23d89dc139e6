import Foundation
import Testing

/// Two paywalls in two tmux servers, on two accounts of one `kiosk serve`.
@Suite(.serialized) struct RemotePaywallEndToEndTests {
    @Test func twoAccountsSeeTheirOwnStateAndAnApprovalCrossesOver() async throws {
        let server = try await ServeProcess.start()
        defer { server.stop() }
        // The sessions share the server's state directory: the token and the pinned root are there.
        let alice = TmuxSession(state: server.state)
        let bob = TmuxSession(state: server.state)
        defer {
            alice.close()
            bob.close()
        }
        // Alice buys first: Ask to Buy is a store-wide setting, as in SKTestSession.
        try server.store("buy", "com.kiosk.lumen.filmpack", "--account", "alice")
        try server.store("set", "ask-to-buy", "on", "--account", "bob")

        try alice.start(columns: 120, arguments: "--store \(server.url) --account alice")
        try await alice.waitFor("✓ Film Filter Pack")
        try await alice.waitFor(server.url)
        try bob.start(columns: 120, arguments: "--store \(server.url) --account bob")
        let bobFirst = try await bob.waitFor("no entitlements")
        #expect(!bobFirst.contains("✓ Film Filter Pack"), "bob sees alice's purchase:\n\(bobFirst)")

        // Bob asks to buy; the request waits for a parent.
        try await bob.askToBuyLifetime()

        // The parent, in the other paywall, signs in as bob (accounts are sorted: alice, bob,
        // tester) and approves in the Transaction Manager.
        try alice.keys("a")
        try await alice.waitFor("Sandbox accounts")
        try alice.keys("Down", "Enter")
        try await alice.waitFor("· bob ·")
        try alice.keys("m")
        try await alice.waitFor("pending approval")
        try alice.keys("a")
        try await alice.waitFor("State      purchased")
        try alice.keys("Escape")

        // Bob's banner goes and the entitlement shows, over bob's update stream.
        let bobAfter = try await bob.waitFor("Ask to Buy approved: Lumen Lifetime is unlocked")
        #expect(!bobAfter.contains("Waiting for approval"))
        try await bob.waitFor("✓ Lumen Lifetime")

        // Back as alice: still only her own purchase.
        try alice.keys("a")
        try await alice.waitFor("Sandbox accounts")
        try alice.keys("Up", "Enter")
        let aliceAfter = try await alice.waitFor("· alice ·")
        try await alice.waitFor("✓ Film Filter Pack")
        #expect(!aliceAfter.contains("✓ Lumen Lifetime"), "alice sees bob's purchase:\n\(aliceAfter)")
    }
}

import Foundation
import Testing

/// The real binary in tmux: `kiosk --preset` opens on the preset's state, `t` in the Transaction
/// Manager draws the subscription's timeline, and the account menu loads another preset.
@Suite(.serialized) struct PresetEndToEndTests {
    @Test func aPresetItsTimelineAndAnotherFromTheAccountMenu() async throws {
        let session = TmuxSession()
        defer { session.close() }
        try session.start(columns: 80, rows: 30, arguments: "--preset upgraded")
        try await session.waitFor("Current plan: Lumen Ultimate (Monthly)")
        try session.keys("m", "t")
        try await session.waitFor("Timeline · Lumen Ultimate (Monthly)")
        let timeline = try await session.waitFor("↑ upgraded Lumen Ultimate (Monthly)")
        #expect(timeline.contains("^ now"))
        try session.keys("Escape", "a")
        try await session.waitFor("preset: new-user")
        // The accounts come first (one: tester), then the presets in their order.
        try session.keys("Down", "Down", "Down", "Down", "Enter")
        try await session.waitFor("Loaded preset billing-retry")
        try await session.waitFor("payment failed on")
    }
}

import Foundation
import Paywall
import Presets
import StoreCore
import TerminalUI
import Testing

/// The account menu loads presets, and the Transaction Manager shows the selected
/// subscription's timeline (`t`).
extension FlowTests {
    @Test func theAccountMenuLoadsAPreset() async throws {
        var driver = try await driver()
        await driver.press(.character("a"))
        let index = try #require(Preset.all.firstIndex { $0.name == "grace-period" })
        for _ in 0...index { await driver.press(.down) }
        let menu = try screen(driver)
        #expect(menu.contains("preset: grace-period"))
        #expect(menu.contains("in the billing grace period"), "the selected preset's description")
        await driver.press(.enter)
        #expect(driver.state.overlay == nil)
        #expect(driver.state.store.activeStatus?.state == .inGracePeriod)
        #expect(driver.state.notices.contains { $0.text.contains("Loaded preset grace-period") })
    }

    @Test func theManagerDrawsTheSelectedSubscriptionsTimeline() async throws {
        var driver = try await driver()
        try await PresetRunner(try Preset.named("upgraded")).apply(to: driver.store)
        await driver.send(.started)
        await driver.press(.character("m"), .character("t"))
        #expect(driver.state.managerShowsTimeline)
        let text = try screen(driver, Size(columns: 60, rows: 24))
        #expect(text.contains("Timeline · Lumen Ultimate (Monthly)"))
        #expect(text.contains("↑ upgraded"))
        await driver.press(.character("t"))
        // Back to the list, whose room under the inspector keeps a smaller timeline.
        #expect(!driver.state.managerShowsTimeline)
        #expect(try screen(driver).contains("› 20000000000000"))
    }

    /// The timeline and the account menu draw at any size, down to nothing, without a crash and
    /// inside the screen.
    @Test func timelineAndMenuSurviveEverySize() async throws {
        var driver = try await driver()
        try await PresetRunner(try Preset.named("grace-period")).apply(to: driver.store)
        await driver.send(.started)
        await driver.press(.character("m"), .character("t"))
        var menu = driver
        await menu.press(.escape, .character("a"))
        let theme = try Fixtures.theme()
        for columns in stride(from: 0, through: 70, by: 7) {
            for rows in [0, 1, 3, 8, 24] {
                let size = Size(columns: columns, rows: rows)
                for state in [driver.state, menu.state] {
                    let buffer = PaywallProgram.render(state, theme: theme, size: size).buffer
                    #expect(buffer.size == size)
                }
            }
        }
        let text = try screen(driver, Size(columns: 60, rows: 24))
        #expect(text.contains("≈ grace") && text.contains("^ now"))
    }

    /// A long history keeps the latest events on screen and counts the older ones.
    @Test func aLongTimelineShowsTheLatestEvents() async throws {
        var driver = try await driver()
        try await PresetRunner(try Preset.named("active-monthly")).apply(to: driver.store)
        _ = try await driver.store.advanceClock(by: 365 * 86_400)
        await driver.send(.started)
        await driver.press(.character("m"), .character("t"))
        let text = try screen(driver, Size(columns: 60, rows: 24))
        #expect(text.contains("earlier events"))
        let latest = try #require(
            driver.state.store.records.first?.transaction.unsafePayloadValue.purchaseDate)
        let day = String(latest.formatted(.iso8601.year().month().day()).prefix(10))
        #expect(text.contains("\(day)"), "the latest renewal, \(day), is listed")
    }
}

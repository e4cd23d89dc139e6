import Paywall
import StoreCore
import TerminalUI
import Testing

/// The paywall's selections stay inside what is on screen however often a key is pressed:
/// tests for two mutants of `scripts/mutants` that once survived (quantity-not-capped,
/// plan-selection-wraps-past-end).
@Suite struct SelectionBoundsTests {
    @Test func planSelectionStopsAtTheFirstAndLastPlan() async throws {
        var driver = try await Driver(store: try Fixtures.store(), content: try Fixtures.content())
        let plans = driver.state.store.plans.count
        #expect(plans > 1)
        for _ in 0..<(plans + 3) { await driver.press(.down) }
        #expect(driver.state.planIndex == plans - 1, "↓ past the last plan stays on it")
        #expect(driver.state.selectedPlan?.id == driver.state.store.plans.last?.id)
        for _ in 0..<(plans + 3) { await driver.press(.up) }
        #expect(driver.state.planIndex == 0, "↑ past the first plan stays on it")
    }

    @Test func quantityStaysFromOneToTen() async throws {
        var driver = try await Driver(store: try Fixtures.store(), content: try Fixtures.content())
        await driver.press(.tab)
        #expect(driver.state.tab == .shelf)
        for _ in 0..<15 { await driver.press(.character("+")) }
        #expect(driver.state.quantity == 10, "StoreKit sells at most 10 of a consumable at once")
        for _ in 0..<15 { await driver.press(.character("-")) }
        #expect(driver.state.quantity == 1)
    }
}

import Paywall
import StoreCore
import TerminalUI
import Testing

/// The Transaction Manager's timeline view (`t`) draws the notifications too, which the paywall
/// reads only on a reload: opening it reads everything afresh, closing it reads nothing (mutant
/// manager-timeline-not-reloaded of scripts/mutants once survived every test).
@Suite struct ManagerTimelineReloadTests {
    @Test func openingTheTimelineReadsTheStoreAfresh() async throws {
        let driver = try await Driver(store: try Fixtures.store(), content: try Fixtures.content())
        var state = driver.state
        _ = PaywallProgram.update(&state, .key(.character("m")))
        #expect(state.overlay == .transactionManager)
        let opening = PaywallProgram.update(&state, .key(.character("t")))
        #expect(state.managerShowsTimeline)
        #expect(opening.contains(.reload), "\(opening)")
        let closing = PaywallProgram.update(&state, .key(.character("t")))
        #expect(!state.managerShowsTimeline)
        #expect(!closing.contains(.reload), "\(closing)")
    }
}

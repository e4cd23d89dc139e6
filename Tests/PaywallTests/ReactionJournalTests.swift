import Foundation
import Simulator
import StoreCore
import Testing

@testable import Paywall

/// When the paywall journals its screen after a change from elsewhere (docs/qa.md): once per
/// change, after the reload it caused, never for its own work or its launch-time deliveries.
@Suite struct ReactionJournalTests {
    @Test func aChangeFromElsewhereIsJournaledOnceAfterItsReload() async throws {
        let store = try Fixtures.store()
        var state = try await Fixtures.state(store: store, content: try Fixtures.content())
        var reactions = ReactionJournal()
        let now = ContinuousClock.now
        reactions.observe(.storeEvent(.clockChanged(Date())), in: state, at: now)
        #expect(PaywallProgram.update(&state, .storeEvent(.clockChanged(Date()))) == [.reload])
        // Another event of the same change: still one line.
        reactions.observe(.storeEvent(.stateChanged), in: state, at: now)
        _ = PaywallProgram.update(&state, .storeEvent(.stateChanged))
        #expect(reactions.takeDue(in: state) == nil, "the screen does not show the change yet")
        while state.isBusy { _ = PaywallProgram.update(&state, .completed(.reload)) }
        #expect(reactions.takeDue(in: state)?.words == "the clock moved")
        #expect(reactions.takeDue(in: state) == nil, "once per change")
    }

    @Test func thePaywallsOwnWorkAndItsEchoAreNotJournaled() async throws {
        let store = try Fixtures.store()
        var state = try await Fixtures.state(store: store, content: try Fixtures.content())
        var reactions = ReactionJournal()
        let start = ContinuousClock.now
        // A Transaction Manager action under way: what the store announces is its own.
        let control = Effect.control(.advanceClock(seconds: 86_400))
        _ = PaywallProgram.update(&state, .done(.signedIn(account: "before")))
        state.pending[control] = 1
        reactions.observe(.storeEvent(.clockChanged(Date())), in: state, at: start)
        state.pending[control] = nil
        // Within the echo after it: still its own.
        reactions.observe(.storeEvent(.stateChanged), in: state, at: start + .milliseconds(500))
        while state.isBusy { _ = PaywallProgram.update(&state, .completed(.reload)) }
        #expect(reactions.takeDue(in: state) == nil)
        // After the echo: from elsewhere.
        reactions.observe(.storeEvent(.stateChanged), in: state, at: start + ReactionJournal.echo * 2)
        #expect(reactions.takeDue(in: state)?.words == "the store changed")
    }

    @Test func launchDeliveriesAndTheirFinishingAreNotAChangeFromElsewhere() async throws {
        let store = try Fixtures.store()
        _ = try await store.buyOffDevice("com.kiosk.lumen.filmpack", options: [])
        var state = try await Fixtures.state(store: store, content: try Fixtures.content())
        var reactions = ReactionJournal()
        let now = ContinuousClock.now
        let unfinished = try #require(try await store.unfinished().first)
        // `updates` hands over what an earlier change left unfinished: not a store event.
        reactions.observe(.update(unfinished), in: state, at: now)
        let effects = PaywallProgram.update(&state, .update(unfinished))
        #expect(effects.contains(.finish(transactionID: unfinished.unsafePayloadValue.id)))
        // Its finishing announces a state change while the finish runs: the paywall's own.
        reactions.observe(.storeEvent(.stateChanged), in: state, at: now)
        for effect in effects { _ = PaywallProgram.update(&state, .completed(effect)) }
        #expect(!state.isBusy)
        #expect(reactions.takeDue(in: state) == nil)
    }
}

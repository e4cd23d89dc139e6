import Foundation
import Paywall
import StoreCore
import Testing

@testable import Simulator

/// A failed effect is told in the user's words with the store's own message, and the runner's
/// listeners end when the app stops.
@Suite struct EffectRunnerEdgesTests {
    @Test func aFailedFinishSaysWhatFailedNotTheEffect() async throws {
        let store = try Fixtures.store()
        var state = try await Fixtures.state(store: store, content: try Fixtures.content())
        let inbox = Inbox()
        await EffectRunner.perform(.finish(transactionID: 42), store: store, inbox: inbox, groupID: nil)
        for event in inbox.drain() { _ = update(&state, event) }
        let text = try #require(state.notices.last?.text)
        #expect(text == "Finishing transaction 42 failed: \(StoreError.transactionNotFound(42))")
        #expect(!text.contains("transactionID:"))
    }

    @Test func everyControlActionHasItsOwnWords() {
        let actions: [ControlAction] = [
            .approve(1), .decline(1), .refund(1, .other), .expire(productID: "p"),
            .forceRenew(productID: "p"),
            .autoRenew(false, transactionID: 1), .requestPriceIncrease(1),
            .respondToPriceIncrease(1, accept: true),
            .resolveIssue(1), .delete(1), .advanceClock(60), .setting(.askToBuy(true)),
            .simulatedError(nil, .purchase), .clear,
        ]
        for action in actions {
            #expect(!action.summary.contains("("), "\(action) reads as code: \(action.summary)")
        }
        #expect(Set(actions.map(\.summary)).count == actions.count)
    }

    @Test func stoppingTheRunnerEndsItsListeners() async throws {
        let store = try Fixtures.store()
        let runner = EffectRunner(store: store, inbox: Inbox(), log: PaywallLog(path: nil), groupID: nil)
        runner.listen()
        try await waitUntil("the three listeners to attach") { await store.watcherCount == 3 }
        runner.stop()
        try await waitUntil("the listeners to detach after stop") { await store.watcherCount == 0 }
    }

    /// Polls `condition` until it holds, failing with `what` after ten seconds.
    func waitUntil(_ what: String, _ condition: () async -> Bool) async throws {
        let deadline = ContinuousClock.now + .seconds(10)
        while !(await condition()) {
            guard ContinuousClock.now < deadline else {
                Issue.record("timed out waiting for \(what)")
                return
            }
            try await Task.sleep(for: .milliseconds(10))
        }
    }
}

extension SimulatedStore {
    fileprivate var watcherCount: Int { updateWatchers.count + messageWatchers.count + eventWatchers.count }
}

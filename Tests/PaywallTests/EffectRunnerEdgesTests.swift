import Foundation
import Paywall
import StoreCore
import TestSupport
import Testing

@testable import Simulator

/// A failed effect is told in the user's words with the store's own message, and the runner's
/// listeners end when the app stops.
@Suite struct EffectRunnerEdgesTests {
    @Test func aFailedFinishSaysWhatFailedNotTheEffect() async throws {
        let store = try Fixtures.store()
        var state = try await Fixtures.state(store: store, content: try Fixtures.content())
        let inbox = Inbox()
        await EffectRunner.carryOut(.finish(transactionID: 42), store: store, inbox: inbox, groupID: nil)
        for event in inbox.drain() { _ = PaywallProgram.update(&state, event) }
        let text = try #require(state.notices.last?.text)
        #expect(text == "Finishing transaction 42 failed: \(StoreError.transactionNotFound(42))")
        #expect(!text.contains("transactionID:"))
    }

    @Test func everyStoreOperationHasItsOwnWords() {
        let actions: [StoreOperation] = [
            .addAccount(StoreAccount(name: "bob")), .approveAskToBuy(transactionID: 1),
            .declineAskToBuy(transactionID: 1),
            .refund(transactionID: 1, reason: .other, percentage: 100_000),
            .openRefundRequest(transactionID: 1, reason: .other),
            .grantRefundRequest(transactionID: 1, percentage: 1),
            .declineRefundRequest(transactionID: 1), .reverseRefund(transactionID: 1),
            .expireSubscription(productID: "p"), .forceRenewal(productID: "p"),
            .setAutoRenew(false, transactionID: 1), .requestPriceIncreaseConsent(transactionID: 1),
            .respondToPriceIncrease(transactionID: 1, accept: true), .resolveIssue(transactionID: 1),
            .deleteTransaction(transactionID: 1), .clearTransactions, .resetToDefaultState,
            .buyOffDevice(productID: "p", options: []), .advanceClock(seconds: 60), .apply(.askToBuy(true)),
            .setSimulatedError(nil, api: .purchase),
            .saveState(name: nil), .loadState(name: nil), .saveState(name: "s"), .loadState(name: "s"),
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
}

extension SimulatedStore {
    fileprivate var watcherCount: Int { updateWatchers.count + messageWatchers.count + eventWatchers.count }
}

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
            .advanceClockPeriods(count: 2, groupID: "g"),
            .journalNote(.paywallRedrawn(after: .storeChanged)),
        ]
        #expect(
            Set(actions.map(OperationKind.init)) == Set(OperationKind.allCases), "an operation has no example"
        )
        for action in actions {
            #expect(!action.summary.contains("("), "\(action) reads as code: \(action.summary)")
            #expect(!action.outcome(.done).contains("transactionID:"), "\(action) reads as code")
        }
        // Both clock moves are "Advancing the store's clock" while under way, by design; what
        // they did differs. Every other operation has words of its own.
        let periods = StoreOperation.advanceClockPeriods(count: 2, groupID: "g")
        #expect(periods.summary == StoreOperation.advanceClock(seconds: 60).summary)
        #expect(periods.outcome(.done) != StoreOperation.advanceClock(seconds: 60).outcome(.done))
        let distinct = actions.filter { OperationKind($0) != .advanceClockPeriods }
        #expect(Set(distinct.map(\.summary)).count == distinct.count)
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

/// Each kind of `StoreOperation`: the switch has no `default`, so a new operation does not
/// compile until it is named here, and `everyStoreOperationHasItsOwnWords` fails until it has
/// an example there.
private enum OperationKind: CaseIterable, Hashable {
    case addAccount, approveAskToBuy, declineAskToBuy, refund, openRefundRequest, grantRefundRequest
    case declineRefundRequest, reverseRefund, expireSubscription, forceRenewal, setAutoRenew
    case requestPriceIncreaseConsent, respondToPriceIncrease, resolveIssue, deleteTransaction
    case clearTransactions, resetToDefaultState, buyOffDevice, advanceClock, advanceClockPeriods, apply
    case setSimulatedError, saveState, loadState, journalNote

    init(_ operation: StoreOperation) {
        switch operation {
        case .addAccount: self = .addAccount
        case .approveAskToBuy: self = .approveAskToBuy
        case .declineAskToBuy: self = .declineAskToBuy
        case .refund: self = .refund
        case .openRefundRequest: self = .openRefundRequest
        case .grantRefundRequest: self = .grantRefundRequest
        case .declineRefundRequest: self = .declineRefundRequest
        case .reverseRefund: self = .reverseRefund
        case .expireSubscription: self = .expireSubscription
        case .forceRenewal: self = .forceRenewal
        case .setAutoRenew: self = .setAutoRenew
        case .requestPriceIncreaseConsent: self = .requestPriceIncreaseConsent
        case .respondToPriceIncrease: self = .respondToPriceIncrease
        case .resolveIssue: self = .resolveIssue
        case .deleteTransaction: self = .deleteTransaction
        case .clearTransactions: self = .clearTransactions
        case .resetToDefaultState: self = .resetToDefaultState
        case .buyOffDevice: self = .buyOffDevice
        case .advanceClock: self = .advanceClock
        case .advanceClockPeriods: self = .advanceClockPeriods
        case .apply: self = .apply
        case .setSimulatedError: self = .setSimulatedError
        case .saveState: self = .saveState
        case .loadState: self = .loadState
        case .journalNote: self = .journalNote
        }
    }
}

extension SimulatedStore {
    fileprivate var watcherCount: Int { updateWatchers.count + messageWatchers.count + eventWatchers.count }
}

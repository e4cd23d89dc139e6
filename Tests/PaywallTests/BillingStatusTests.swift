import Foundation
import Paywall
import Simulator
import StoreCore
import TerminalUI
import TestSupport
import Testing

/// A subscription in billing retry or grace reads as what it is when the paywall opens, from
/// its status, even when the renewal failed while the paywall was closed.
@Suite struct BillingStatusTests {
    func screen(grace: Bool) async throws -> String {
        let (_, state) = try await openedAfterAFailedRenewal(grace: grace)
        return PaywallProgram.render(state, theme: try Fixtures.theme(), size: Size(columns: 120, rows: 30))
            .buffer.plainText
    }

    /// A store whose renewal failed while no paywall ran, and the paywall opened afterwards.
    func openedAfterAFailedRenewal(grace: Bool) async throws -> (SimulatedStore, AppState) {
        let store = try Fixtures.store()
        try await store.apply(.billingRetryOnRenewal(true))
        try await store.apply(.billingGracePeriod(grace))
        _ = try await store.purchase(
            "com.kiosk.lumen.plus.monthly", options: [.introductoryOfferEligibility(false)])
        // The clock moves from the shell while no paywall runs.
        _ = try await store.advanceClock(by: 33 * 86_400)
        return (store, try await Fixtures.state(store: store, content: try Fixtures.content()))
    }

    @Test func theBillingIssueMessageWaitsForThePaywall() async throws {
        var (store, state) = try await openedAfterAFailedRenewal(grace: false)
        let inbox = Inbox()
        let runner = EffectRunner(store: store, inbox: inbox, log: PaywallLog(path: nil), groupID: nil)
        runner.listen()
        defer { runner.stop() }
        var message: StoreMessage?
        // The shared minute: the whole suite runs beside this one, storms of processes included.
        try await waitUntil("the billing message to reach the paywall") {
            for case .message(let posted) in inbox.drain() { message = posted }
            return message != nil
        }
        let delivered = try #require(message)
        #expect(delivered == .billingIssue(productID: "com.kiosk.lumen.plus.monthly"))
        _ = PaywallProgram.update(&state, .message(delivered))
        let text = PaywallProgram.render(
            state, theme: try Fixtures.theme(), size: Size(columns: 120, rows: 30)
        ).buffer
            .plainText
        #expect(text.contains("Billing problem with Lumen Plus (Monthly)"))
    }

    @Test func billingRetryShowsTheFailedPaymentAndTheRetryWindow() async throws {
        let text = try await screen(grace: false)
        // Bought 2026-05-28, due 2026-06-28: retried until 60 days later.
        #expect(text.contains("payment failed on 2026-06-28"), "\(text)")
        #expect(text.contains("retrying until 2026-08-27"), "\(text)")
        #expect(!text.contains("renews 2026-06-28"))
    }

    @Test func gracePeriodShowsWhenItEnds() async throws {
        let text = try await screen(grace: true)
        #expect(text.contains("payment failed on 2026-06-28"), "\(text)")
        #expect(text.contains("grace period until 2026-07-14"), "\(text)")
    }
}

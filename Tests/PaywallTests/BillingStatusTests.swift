import Foundation
import Paywall
import StoreCore
import TerminalUI
import Testing

/// A subscription in billing retry or grace reads as what it is when the paywall opens, from
/// its status, even when the renewal failed while the paywall was closed.
@Suite struct BillingStatusTests {
    func screen(grace: Bool) async throws -> String {
        let store = try Fixtures.store()
        try await store.apply(.billingRetryOnRenewal(true))
        try await store.apply(.billingGracePeriod(grace))
        _ = try await store.purchase(
            "com.kiosk.lumen.plus.monthly", options: [.introductoryOfferEligibility(false)])
        // The clock moves from the shell while no paywall runs.
        _ = try await store.advanceClock(by: 33 * 86_400)
        let state = try await Fixtures.state(store: store, content: try Fixtures.content())
        return render(state, theme: try Fixtures.theme(), size: Size(columns: 120, rows: 30)).buffer.plainText
    }

    @Test func billingRetryShowsTheFailedPaymentAndTheRetryWindow() async throws {
        let text = try await screen(grace: false)
        // Bought 2026-05-28, due 2026-06-28: retried until 60 days later.
        #expect(text.contains("payment failed on 2026-06-28 · retrying until 2026-08-27"), "\(text)")
        #expect(!text.contains("renews 2026-06-28"))
    }

    @Test func gracePeriodShowsWhenItEnds() async throws {
        let text = try await screen(grace: true)
        #expect(text.contains("payment failed on 2026-06-28 · grace period until 2026-07-14"), "\(text)")
    }
}

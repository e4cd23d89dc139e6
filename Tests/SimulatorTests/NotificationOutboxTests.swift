import Foundation
import Simulator
import StoreCore
import Testing

@Suite struct NotificationOutboxTests {
    func kinds(_ store: SimulatedStore) async throws -> [String] {
        try await store.notifications().map {
            [$0.type.rawValue, $0.subtype?.rawValue].compactMap { $0 }.joined(separator: "/")
        }
    }

    @Test func subscriptionLifecycleRecordsApplesTypesAndSubtypes() async throws {
        let store = try SimulatedStore.makeForTest()
        guard case .success(let first) = try await store.purchase("basic.monthly") else {
            Issue.record("purchase failed")
            return
        }
        _ = try await store.advanceClock(periods: 1, groupID: TestCatalog.group)
        _ = try await store.purchase("pro.monthly")  // upgrade
        _ = try await store.purchase("basic.monthly")  // downgrade
        let latest = try #require(try await store.latest(for: "pro.monthly")).unsafePayloadValue
        try await store.setAutoRenew(false, transactionID: latest.id)
        _ = try await store.advanceClock(by: 40 * 86_400)
        _ = try await store.purchase("basic.monthly")  // resubscribe
        let again = try #require(try await store.latest(for: "basic.monthly")).unsafePayloadValue
        try await store.refund(again.id, reason: .other)
        _ = try await store.purchase("gems")
        #expect(
            try await kinds(store) == [
                "SUBSCRIBED/INITIAL_BUY", "DID_RENEW", "DID_CHANGE_RENEWAL_PREF/UPGRADE",
                "DID_CHANGE_RENEWAL_PREF/DOWNGRADE", "DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_DISABLED",
                "EXPIRED/VOLUNTARY",
                // The App Store turns auto-renew off when a refund is asked for, and says so.
                "SUBSCRIBED/RESUBSCRIBE", "DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_DISABLED", "REFUND",
                "ONE_TIME_CHARGE",
            ])
        let notifications = try await store.notifications()
        #expect(notifications.first?.transactionID == first.unsafePayloadValue.id)
        #expect(notifications.map(\.sequence) == Array(1...Int64(notifications.count)))
    }

    @Test func billingProblemsAndOffersAreRecorded() async throws {
        let store = try SimulatedStore.makeForTest()
        try await store.apply(.billingRetryOnRenewal(true))
        try await store.apply(.billingGracePeriod(true))
        _ = try await store.redeemOfferCode("WELCOME")
        _ = try await store.advanceClock(by: 31 * 86_400 + 17 * 86_400 + 61 * 86_400)
        #expect(
            try await kinds(store) == [
                "OFFER_REDEEMED/INITIAL_BUY", "DID_FAIL_TO_RENEW/GRACE_PERIOD", "GRACE_PERIOD_EXPIRED",
                "EXPIRED/BILLING_RETRY",
            ])
    }
}

@Suite struct NotificationDatingTests {
    @Test func eventsCaughtUpLaterAreDatedWhenTheyHappened() async throws {
        let store = try SimulatedStore.makeForTest()
        guard case .success(let first) = try await store.purchase("basic.monthly") else {
            Issue.record("purchase failed")
            return
        }
        _ = try await store.advanceClock(by: 45 * 86_400)
        let renewal = try #require(try await store.notifications().first { $0.type == .didRenew })
        #expect(renewal.createdAt == first.unsafePayloadValue.expirationDate)
    }
}

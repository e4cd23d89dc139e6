import Foundation
import Simulator
import StoreCore
import Testing

/// Behaviours that two mutants of `scripts/mutants` once changed with every test still passing
/// (grace-end-ignored, lapsed-subscriber-counts-as-existing).
@Suite struct EngineTimingTests {
    let day: TimeInterval = 86_400

    /// Buys basic.monthly without its introductory offer, failing the test if it does not succeed.
    func subscribeToBasic(_ store: SimulatedStore) async throws {
        let result = try await store.purchase(
            "basic.monthly", options: [.introductoryOfferEligibility(false)])
        guard case .success = result else {
            throw StoreError.invalidAction("the purchase did not succeed: \(result)")
        }
    }

    func kinds(_ store: SimulatedStore) async throws -> [String] {
        try await store.notifications().map {
            [$0.type.rawValue, $0.subtype?.rawValue].compactMap { $0 }.joined(separator: "/")
        }
    }

    /// The end of a grace period is an event of its own: GRACE_PERIOD_EXPIRED is sent when the
    /// grace period ends, not when billing retry ends weeks later.
    @Test func theGracePeriodsEndIsAnnouncedWhenItComes() async throws {
        let store = try SimulatedStore.makeForTest()
        try await store.apply(.billingRetryOnRenewal(true))
        try await store.apply(.billingGracePeriod(true))
        try await subscribeToBasic(store)
        _ = try await store.advanceClock(periods: 1, groupID: TestCatalog.group)
        #expect(try await kinds(store).last == "DID_FAIL_TO_RENEW/GRACE_PERIOD")
        // The 16-day grace period ends; billing retry (60 days) goes on.
        _ = try await store.advanceClock(by: 17 * day)
        #expect(try await kinds(store).last == "GRACE_PERIOD_EXPIRED")
        #expect(try await !kinds(store).contains("EXPIRED/BILLING_RETRY"))
    }

    /// An offer code for new and lapsed customers (WELCOME: new, expired) is refused to a
    /// subscriber and accepted once the subscription has expired.
    @Test func offerCodeEligibilityTellsLapsedFromCurrentSubscribers() async throws {
        let store = try SimulatedStore.makeForTest()
        try await subscribeToBasic(store)
        await #expect(throws: StoreError.purchase(.ineligibleForOffer)) {
            try await store.redeemOfferCode("WELCOME")
        }
        try await store.expireSubscription(productID: "basic.monthly")
        guard case .success(let redeemed) = try await store.redeemOfferCode("WELCOME") else {
            Issue.record("a lapsed subscriber may redeem WELCOME")
            return
        }
        #expect(redeemed.unsafePayloadValue.offer?.type == .code)
    }
}

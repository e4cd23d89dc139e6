import Foundation
import Simulator
import StoreCore
import TestSupport
import Testing

@Suite struct SubscriptionEngineTests {
    func subscribe(_ store: SimulatedStore, _ id: String, _ options: [PurchaseOption] = []) async throws
        -> Transaction
    {
        let result = try await store.purchase(id, options: options)
        guard case .success(let verification) = result else { throw StoreError.invalidAction("\(result)") }
        return verification.unsafePayloadValue
    }

    @Test func freeTrialThenRenewsAtTheRegularPrice() async throws {
        let store = try SimulatedStore.makeForTest()
        #expect(try await store.isEligibleForIntroOffer(groupID: TestCatalog.group))
        let first = try await subscribe(store, "pro.monthly")
        #expect(first.offer?.type == .introductory)
        #expect(first.offer?.paymentMode == .freeTrial)
        #expect(first.price == 0)
        #expect(first.expirationDate == first.purchaseDate.addingTimeInterval(7 * day))
        #expect(!(try await store.isEligibleForIntroOffer(groupID: TestCatalog.group)))

        _ = try await store.advanceClock(by: 7 * day)
        let renewed = try #require(try await store.latest(for: "pro.monthly")).unsafePayloadValue
        #expect(renewed.id != first.id)
        #expect(renewed.originalID == first.id)
        #expect(renewed.reason == .renewal)
        #expect(renewed.offer == nil)
        #expect(renewed.price == Decimal(string: "9.99"))
        #expect(renewed.purchaseDate == first.expirationDate)
        let statuses = try await store.subscriptionStatuses(for: TestCatalog.group)
        #expect(statuses.map(\.state) == [.subscribed])
        #expect(statuses.first?.renewalInfo.unsafePayloadValue.willAutoRenew == true)
    }

    @Test func renewalsArriveOnUpdatesWhileTheAppListens() async throws {
        let store = try SimulatedStore.makeForTest()
        let first = try await subscribe(store, "basic.monthly")
        try await store.finish(first.id)
        let updates = Incoming(await store.updates())
        _ = try await store.advanceClock(periods: 3, groupID: TestCatalog.group)
        let renewals = try await updates.next(3, waitingFor: "three renewals").map(\.unsafePayloadValue)
        #expect(renewals.count == 3)
        #expect(renewals.allSatisfy { $0.originalID == first.id && $0.reason == .renewal })
        #expect(Set(renewals.map(\.id)).count == 3)
    }

    @Test func autoRenewOffExpiresWithTheCustomerCancelledReason() async throws {
        let store = try SimulatedStore.makeForTest()
        let first = try await subscribe(store, "basic.monthly")
        try await store.setAutoRenew(false, transactionID: first.id)
        _ = try await store.advanceClock(by: 40 * day)
        let status = try #require(try await store.subscriptionStatuses(for: TestCatalog.group).first)
        #expect(status.state == .expired)
        #expect(status.renewalInfo.unsafePayloadValue.expirationReason == .autoRenewDisabled)
        #expect(try await store.currentEntitlements().isEmpty)
        #expect(status.renewalInfo.unsafePayloadValue.eligibleWinBackOfferIDs == ["winback.free"])
    }

    @Test func upgradeTakesEffectAtOnceAndDowngradeAtRenewal() async throws {
        let store = try SimulatedStore.makeForTest()
        let basic = try await subscribe(store, "basic.monthly")
        _ = try await store.advanceClock(by: 10 * day)
        let pro = try await subscribe(store, "pro.monthly")
        #expect(pro.productID == "pro.monthly")
        #expect(pro.originalID == basic.id)
        #expect(pro.offer == nil, "no introductory offer for an account already in the group")
        let old = try #require(try await store.all().first { $0.unsafePayloadValue.id == basic.id })
            .unsafePayloadValue
        #expect(old.isUpgraded)
        #expect(try await store.currentEntitlements().map(\.unsafePayloadValue.productID) == ["pro.monthly"])

        let unchanged = try await subscribe(store, "basic.monthly")
        #expect(unchanged.id == pro.id, "a downgrade waits for the next renewal")
        let info = try #require(try await store.subscriptionStatuses(for: TestCatalog.group).first)
            .renewalInfo
        #expect(info.unsafePayloadValue.autoRenewPreference == "basic.monthly")
        _ = try await store.advanceClock(periods: 1, groupID: TestCatalog.group)
        #expect(
            try await store.currentEntitlements().map(\.unsafePayloadValue.productID) == ["basic.monthly"])
    }

    @Test func crossgradeOfAnotherDurationWaitsForRenewal() async throws {
        let store = try SimulatedStore.makeForTest()
        let monthly = try await subscribe(store, "pro.monthly", [.introductoryOfferEligibility(false)])
        let annual = try await subscribe(store, "pro.annual")
        #expect(annual.id == monthly.id)
        _ = try await store.advanceClock(periods: 1, groupID: TestCatalog.group)
        let latest = try #require(try await store.currentEntitlements().first).unsafePayloadValue
        #expect(latest.productID == "pro.annual")
        #expect(latest.expirationDate == SubscriptionPeriod(iso8601: "P1Y")!.advance(latest.purchaseDate))
    }

    @Test func billingRetryWithGracePeriodKeepsAccessUntilResolved() async throws {
        let store = try SimulatedStore.makeForTest()
        try await store.apply(.billingRetryOnRenewal(true))
        try await store.apply(.billingGracePeriod(true))
        let first = try await subscribe(store, "basic.monthly")
        _ = try await store.advanceClock(periods: 1, groupID: TestCatalog.group)
        var status = try #require(try await store.subscriptionStatuses(for: TestCatalog.group).first)
        #expect(status.state == .inGracePeriod)
        #expect(status.renewalInfo.unsafePayloadValue.isInBillingRetry)
        #expect(try await store.currentEntitlements().count == 1, "grace keeps access")
        _ = try await store.advanceClock(by: 17 * day)
        status = try #require(try await store.subscriptionStatuses(for: TestCatalog.group).first)
        #expect(status.state == .inBillingRetryPeriod)
        #expect(try await store.currentEntitlements().isEmpty)
        try await store.apply(.billingRetryOnRenewal(false))
        try await store.resolveIssue(transactionID: first.id)
        status = try #require(try await store.subscriptionStatuses(for: TestCatalog.group).first)
        #expect(status.state == .subscribed)
        #expect(try await store.currentEntitlements().count == 1)
    }

    @Test func billingRetryEndsInExpiryAfterSixtyDays() async throws {
        let store = try SimulatedStore.makeForTest()
        try await store.apply(.billingRetryOnRenewal(true))
        _ = try await subscribe(store, "basic.monthly")
        _ = try await store.advanceClock(by: 31 * day + 61 * day)
        let status = try #require(try await store.subscriptionStatuses(for: TestCatalog.group).first)
        #expect(status.state == .expired)
        #expect(status.renewalInfo.unsafePayloadValue.expirationReason == .billingError)
    }

    @Test func priceIncreaseDeclinedExpiresAtRenewal() async throws {
        let store = try SimulatedStore.makeForTest()
        let first = try await subscribe(store, "basic.monthly")
        try await store.requestPriceIncreaseConsent(transactionID: first.id)
        let pending = try #require(try await store.subscriptionStatuses(for: TestCatalog.group).first)
            .renewalInfo
        #expect(pending.unsafePayloadValue.priceIncreaseStatus == .pending)
        #expect(pending.unsafePayloadValue.renewalPrice == Decimal(string: "5.99"))
        try await store.respondToPriceIncrease(transactionID: first.id, accept: false)
        _ = try await store.advanceClock(by: 32 * day)
        let status = try #require(try await store.subscriptionStatuses(for: TestCatalog.group).first)
        #expect(status.renewalInfo.unsafePayloadValue.expirationReason == .didNotConsentToPriceIncrease)
    }

    @Test func priceIncreaseAcceptedRenewsAtTheNewPrice() async throws {
        let store = try SimulatedStore.makeForTest()
        let first = try await subscribe(store, "basic.monthly")
        try await store.requestPriceIncreaseConsent(transactionID: first.id)
        try await store.respondToPriceIncrease(transactionID: first.id, accept: true)
        _ = try await store.advanceClock(periods: 2, groupID: TestCatalog.group)
        let latest = try #require(try await store.latest(for: "basic.monthly")).unsafePayloadValue
        #expect(latest.price == Decimal(string: "5.99"))
    }

    @Test func promotionalOfferByIDBillsTheOfferPeriodsThenRegular() async throws {
        let store = try SimulatedStore.makeForTest()
        let first = try await subscribe(
            store, "pro.monthly", [.promotionalOffer(id: "promo.half", signature: nil)])
        #expect(first.offer?.type == .promotional)
        #expect(first.price == Decimal(string: "2.49"))
        _ = try await store.advanceClock(periods: 2, groupID: TestCatalog.group)
        let prices = try await store.all().map(\.unsafePayloadValue).map(\.price)
        #expect(prices == [Decimal(string: "2.49"), Decimal(string: "2.49"), Decimal(string: "9.99")])
        await #expect(throws: StoreError.purchase(.invalidOfferSignature)) {
            try await store.purchase(
                "pro.annual",
                options: [.promotionalOffer(id: "promo.half", signature: .jws("x.y.z"))])
        }
        await #expect(throws: StoreError.purchase(.invalidOfferIdentifier)) {
            try await store.purchase("pro.annual", options: [.promotionalOffer(id: "nope", signature: nil)])
        }
    }

    @Test func offerCodeForNewCustomersAndWinBackAfterExpiry() async throws {
        let store = try SimulatedStore.makeForTest()
        guard case .success(let redeemed) = try await store.redeemOfferCode("welcome") else {
            Issue.record("redeeming WELCOME failed")
            return
        }
        #expect(redeemed.unsafePayloadValue.offer?.type == .code)
        await #expect(throws: StoreError.purchase(.ineligibleForOffer)) {
            try await store.redeemOfferCode("WELCOME")
        }
        await #expect(throws: StoreError.purchase(.invalidOfferIdentifier)) {
            try await store.redeemOfferCode("NOPE")
        }
        await #expect(throws: StoreError.purchase(.ineligibleForOffer)) {
            try await store.purchase("pro.monthly", options: [.winBackOffer(id: "winback.free")])
        }
        try await store.expireSubscription(productID: "pro.monthly")
        let back = try await subscribe(store, "pro.monthly", [.winBackOffer(id: "winback.free")])
        #expect(back.offer?.type == .winBack)
        #expect(
            back.originalID == redeemed.unsafePayloadValue.originalID,
            "a resubscription keeps the original ID")
    }

    @Test func backdatedPurchaseRenewsUpToNow() async throws {
        let store = try SimulatedStore.makeForTest()
        let now = try await store.now()
        _ = try await subscribe(
            store, "basic.monthly",
            [.purchaseDate(now.addingTimeInterval(-95 * day), renewalBehavior: .renewUntilNow)])
        #expect(try await store.all().count == 4)
        #expect(try await store.currentEntitlements().count == 1)
        let store2 = try SimulatedStore.makeForTest()
        _ = try await subscribe(
            store2, "basic.monthly",
            [.purchaseDate(now.addingTimeInterval(-95 * day), renewalBehavior: .cancelImmediately)])
        #expect(try await store2.all().count == 1)
        #expect(try await store2.currentEntitlements().isEmpty)
    }
}

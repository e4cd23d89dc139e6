import Foundation
import Simulator
import StoreCore
import TestSupport
import Testing

/// The lifecycle details Apple documents (issue 12): renewal info during billing problems,
/// the recent start date across lapses, grace-period length and finished consumables.
@Suite struct LifecycleFidelityTests {
    func subscribe(_ store: SimulatedStore, _ id: String) async throws -> Transaction {
        let result = try await store.purchase(id, options: [.introductoryOfferEligibility(false)])
        guard case .success(let verification) = result else { throw StoreError.invalidAction("\(result)") }
        return verification.unsafePayloadValue
    }

    func status(_ store: SimulatedStore) async throws -> (SubscriptionStatus.RenewalState, RenewalInfo) {
        let status = try #require(try await store.subscriptionStatuses(for: TestCatalog.group).first)
        return (status.state, status.renewalInfo.unsafePayloadValue)
    }

    @Test(arguments: [false, true])
    func billingRetryGivesTheBillingErrorReason(grace: Bool) async throws {
        let store = try SimulatedStore.makeForTest()
        try await store.apply(.billingRetryOnRenewal(true))
        try await store.apply(.billingGracePeriod(grace))
        _ = try await subscribe(store, "basic.monthly")
        _ = try await store.advanceClock(periods: 1, groupID: TestCatalog.group)
        let (state, info) = try await status(store)
        #expect(state == (grace ? .inGracePeriod : .inBillingRetryPeriod))
        #expect(info.isInBillingRetry)
        #expect(info.expirationReason == .billingError)
    }

    @Test func gracePeriodExpiresDateIsGoneOnceTheGracePeriodEnds() async throws {
        let store = try SimulatedStore.makeForTest()
        try await store.apply(.billingRetryOnRenewal(true))
        try await store.apply(.billingGracePeriod(true))
        _ = try await subscribe(store, "basic.monthly")
        _ = try await store.advanceClock(periods: 1, groupID: TestCatalog.group)
        #expect(try await status(store).1.gracePeriodExpirationDate != nil)
        _ = try await store.advanceClock(by: 17 * day)
        let (state, info) = try await status(store)
        #expect(state == .inBillingRetryPeriod)
        #expect(info.gracePeriodExpirationDate == nil)
    }

    /// Apple's window is 60 days in production (10 minutes in the sandbox, below).
    @Test func lapsesShorterThanSixtyDaysKeepTheRecentStartDate() async throws {
        let store = try SimulatedStore.makeForTest(environment: .production)
        let first = try await subscribe(store, "basic.monthly")
        // Expiry, then a resubscription 3 days later.
        try await store.setAutoRenew(false, transactionID: first.id)
        _ = try await store.advanceClock(by: 31 * day + 3 * day)
        _ = try await subscribe(store, "basic.monthly")
        #expect(try await status(store).1.recentSubscriptionStartDate == first.purchaseDate)
        // Expiry, then a win-back offer 2 days later.
        try await store.expireSubscription(productID: "basic.monthly")
        _ = try await store.advanceClock(by: 2 * day)
        _ = try await store.purchase("basic.monthly", options: [.winBackOffer(id: "winback.free")])
        #expect(try await status(store).1.recentSubscriptionStartDate == first.purchaseDate)
        // A 6-day billing-retry lapse, resolved.
        try await store.apply(.billingRetryOnRenewal(true))
        _ = try await store.advanceClock(periods: 1, groupID: TestCatalog.group)
        _ = try await store.advanceClock(by: 6 * day)
        try await store.apply(.billingRetryOnRenewal(false))
        let latest = try #require(try await store.latest(for: "basic.monthly")).unsafePayloadValue
        try await store.resolveIssue(transactionID: latest.id)
        #expect(try await status(store).1.recentSubscriptionStartDate == first.purchaseDate)
        // A lapse of more than 60 days starts a new run.
        try await store.expireSubscription(productID: "basic.monthly")
        _ = try await store.advanceClock(by: 61 * day)
        let again = try await subscribe(store, "basic.monthly")
        #expect(try await status(store).1.recentSubscriptionStartDate == again.purchaseDate)
    }

    /// "10 minutes in the sandbox environment": a store signing as Sandbox (the default) starts
    /// a new run after a longer lapse, and keeps the start date across a shorter one.
    @Test(arguments: [AppStoreEnvironment.sandbox, .production, .xcode])
    func theRecentStartWindowFollowsTheEnvironment(environment: AppStoreEnvironment) async throws {
        let store = try SimulatedStore.makeForTest(environment: environment)
        let first = try await subscribe(store, "basic.monthly")
        try await store.expireSubscription(productID: "basic.monthly")
        _ = try await store.advanceClock(by: 9 * 60)
        _ = try await subscribe(store, "basic.monthly")
        #expect(try await status(store).1.recentSubscriptionStartDate == first.purchaseDate)
        try await store.expireSubscription(productID: "basic.monthly")
        _ = try await store.advanceClock(by: 11 * 60)
        let again = try await subscribe(store, "basic.monthly")
        let kept = try await status(store).1.recentSubscriptionStartDate == first.purchaseDate
        #expect(kept == (environment != .sandbox), "\(environment)")
        let start = try await status(store).1.recentSubscriptionStartDate
        #expect(start == (kept ? first.purchaseDate : again.purchaseDate))
    }

    @Test(arguments: [3, 16, 28])
    func gracePeriodLengthIsAStoreSetting(days: Int) async throws {
        let store = try SimulatedStore.makeForTest()
        try await store.apply(.billingRetryOnRenewal(true))
        try await store.apply(.billingGracePeriod(true))
        try await store.apply(.billingGracePeriodDays(days))
        #expect(try await store.settings().billingGracePeriodDays == days)
        let first = try await subscribe(store, "basic.monthly")
        let renewal = try #require(first.expirationDate)
        _ = try await store.advanceClock(periods: 1, groupID: TestCatalog.group)
        let (state, info) = try await status(store)
        #expect(state == .inGracePeriod)
        #expect(info.gracePeriodExpirationDate == renewal.addingTimeInterval(TimeInterval(days) * day))
        _ = try await store.advanceClock(by: TimeInterval(days) * day)
        #expect(try await status(store).0 == .inBillingRetryPeriod)
    }

    @Test func gracePeriodLengthIsOneOfAppStoreConnectsChoices() async throws {
        let store = try SimulatedStore.makeForTest()
        await #expect(throws: StoreError.self) { try await store.apply(.billingGracePeriodDays(7)) }
        #expect(try await store.settings().billingGracePeriodDays == 16)
    }

    @Test func aPriceIncreaseMessageWaitsForTheNextListener() async throws {
        let store = try SimulatedStore.makeForTest()
        let first = try await subscribe(store, "basic.monthly")
        try await store.requestPriceIncreaseConsent(transactionID: first.id)
        let message = try await Incoming(await store.messages()).next(waitingFor: "a message")
        #expect(message == .priceIncreaseConsent(productID: "basic.monthly"))
    }

    @Test func aWinBackMessageWaitsForTheNextListener() async throws {
        let store = try SimulatedStore.makeForTest()
        let first = try await subscribe(store, "basic.monthly")
        try await store.setAutoRenew(false, transactionID: first.id)
        _ = try await store.advanceClock(by: 40 * day)  // expires while nobody listens
        let message = try await Incoming(await store.messages()).next(waitingFor: "a message")
        #expect(message == .winBackOffer(productID: "basic.monthly", offerID: "winback.free"))
    }

    @Test func finishedConsumablesLeaveTheHistoryUnlessTheStoreIncludesThem() async throws {
        let store = try SimulatedStore.makeForTest()
        guard case .success(let first) = try await store.purchase("gems"),
            case .success(let second) = try await store.purchase("gems")
        else { throw StoreError.invalidAction("purchase failed") }
        let finished = first.unsafePayloadValue.id
        let unfinished = second.unsafePayloadValue.id
        try await store.finish(finished)
        func ids() async throws -> [UInt64] { try await store.all().map(\.unsafePayloadValue.id) }
        #expect(try await ids() == [unfinished], "an unfinished consumable stays")
        try await store.finish(unfinished)
        #expect(try await ids().isEmpty)
        #expect(try await store.latest(for: "gems") == nil)
        let account = await store.activeAccount
        #expect(try await store.serverTransactions(ofAccount: account).isEmpty, "Get Transaction History too")
        // A refunded consumable is listed even when finished.
        try await store.refund(finished, reason: .other)
        #expect(try await ids() == [finished])
        try await store.apply(.includeFinishedConsumables(true))
        #expect(try await ids() == [finished, unfinished])
        #expect(try await store.serverTransactions(ofAccount: account).count == 2)
        #expect(try await store.latest(for: "gems")?.unsafePayloadValue.id == unfinished)
    }
}

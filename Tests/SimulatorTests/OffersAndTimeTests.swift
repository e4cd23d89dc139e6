import Foundation
import Signing
import Simulator
import StoreCore
import TestSupport
import Testing

@Suite struct OffersAndTimeTests {
    @Test func signedPromotionalOfferIsCheckedAndItsNonceSpentOnce() async throws {
        let developerKey = try ECPrivateKey.generate(.p256)
        let checker = PromotionalOfferChecker(
            verifier: PromotionalOfferVerifier(keys: ["KEY1": developerKey.publicKey]))
        let store = try SimulatedStore(
            catalog: TestCatalog(), ledger: .memory, signer: try CoveringSigner(authority: .ephemeral()),
            offerChecker: checker, frozenClock: true)
        let now = try await store.now()
        let identity = await store.identity
        let message = PromotionalOfferMessage(
            bundleID: identity.bundleID, productID: "pro.monthly", offerID: "promo.half")
        let signature = try message.legacySignature(key: developerKey, keyID: "KEY1", timestamp: now)
        let result = try await store.purchase(
            "pro.monthly", options: [.promotionalOffer(id: "promo.half", signature: signature)])
        guard case .success(let verification) = result else {
            Issue.record("expected success, got \(result)")
            return
        }
        #expect(verification.unsafePayloadValue.offer?.id == "promo.half")
        // The same signature again is a replay.
        await #expect(throws: StoreError.purchase(.invalidOfferSignature)) {
            try await store.purchase(
                "pro.annual", options: [.promotionalOffer(id: "promo.half", signature: signature)])
        }
        let otherKey = try ECPrivateKey.generate(.p256)
        let forged = try message.legacySignature(key: otherKey, keyID: "KEY1", timestamp: now)
        await #expect(throws: StoreError.purchase(.invalidOfferSignature)) {
            try await store.purchase(
                "pro.annual", options: [.promotionalOffer(id: "promo.half", signature: forged)])
        }
        let stale = try message.legacySignature(key: developerKey, keyID: "KEY1", timestamp: now - 2 * 86_400)
        await #expect(throws: StoreError.purchase(.invalidOfferSignature)) {
            try await store.purchase(
                "pro.annual", options: [.promotionalOffer(id: "promo.half", signature: stale)])
        }
    }

    @Test func interruptedPurchaseCompletesWhenResolved() async throws {
        let store = try SimulatedStore.makeForTest()
        try await store.apply(.interruptedPurchases(true))
        let answer = try await store.purchase("lifetime")
        let record = try #require(try await store.transactionRecords().first)
        #expect(answer == .pending(transactionID: record.id))
        #expect(record.state == .interrupted)
        let updates = Incoming(await store.updates())
        try await store.resolveIssue(transactionID: record.id)
        #expect(
            try await updates.next(waitingFor: "the resolved purchase")?.unsafePayloadValue.productID
                == "lifetime")
        #expect(try await store.transactionRecords().first?.state == .purchased)
    }

    @Test func dayBasedRatesScaleStoreTime() async throws {
        let wall = ManualWallClock()
        let store = try SimulatedStore.makeForTest(running: wall)
        try await store.apply(.timeRate(.oneSecondIsOneDay))
        let start = try await store.now()
        wall.advance(30)
        #expect(try await store.now().timeIntervalSince(start) == 30 * 86_400)
        _ = try await store.purchase("basic.monthly")
        wall.advance(31)
        #expect(try await store.all().count == 2, "a month of store time renewed the subscription")
    }

    /// Apple's tables: each length has its own duration under a monthly or fixed rate.
    @Test(arguments: [
        // rate, weekly (the trial), monthly, yearly, grace (monthly plan), billing retry
        (TimeRate.monthlyRenewalEveryFiveMinutes, 180.0, 300.0, 3_600.0, 150.0, 600.0),
        (TimeRate.monthlyRenewalEveryThirtySeconds, 10, 30, 360, 15, 60),
        (TimeRate.monthlyRenewalEveryHour, 900, 3_600, 43_200, 1_800, 7_200),
        (TimeRate.oneRenewalEveryTenSeconds, 10, 10, 10, 10, 20),
    ])
    func tabledRatesGiveEachLengthItsOwnDuration(
        rate: TimeRate, week: TimeInterval, month: TimeInterval, year: TimeInterval, grace: TimeInterval,
        retry: TimeInterval
    ) async throws {
        let wall = ManualWallClock()
        let store = try SimulatedStore.makeForTest(running: wall)
        try await store.apply(.timeRate(rate))
        let start = try await store.now()
        wall.advance(7)
        #expect(try await store.now().timeIntervalSince(start) == 7, "the clock keeps wall speed")
        /// A first purchase in the group (one subscription at a time).
        func bought(_ id: String) async throws -> Transaction {
            try await store.clearTransactions()
            guard case .success(let result) = try await store.purchase(id) else {
                throw StoreError.invalidAction(id)
            }
            return result.unsafePayloadValue
        }
        let trial = try await bought("pro.monthly")  // a one-week free trial
        #expect(trial.expirationDate == trial.purchaseDate + week)
        let monthly = try await bought("basic.monthly")
        #expect(monthly.expirationDate == monthly.purchaseDate + month)
        let annual = try await bought("pro.annual")
        #expect(annual.expirationDate == annual.purchaseDate + year)

        try await store.apply(.billingRetryOnRenewal(true))
        try await store.apply(.billingGracePeriod(true))
        let failing = try await bought("basic.monthly")
        let due = try #require(failing.expirationDate)
        wall.advance(due.timeIntervalSince(try await store.now()) + 0.001)
        let status = try #require(try await store.subscriptionStatuses(for: TestCatalog.group).first)
        #expect(status.state == .inGracePeriod)
        #expect(status.renewalInfo.unsafePayloadValue.gracePeriodExpirationDate == due + grace)
        wall.advance(retry)
        #expect(try await store.subscriptionStatuses(for: TestCatalog.group).first?.state == .expired)
    }
}

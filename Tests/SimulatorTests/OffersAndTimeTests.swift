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
        #expect(try await store.purchase("lifetime") == .pending)
        let record = try #require(try await store.transactionRecords().first)
        #expect(record.state == .interrupted)
        let updates = Incoming(await store.updates())
        try await store.resolveIssue(transactionID: record.id)
        #expect(
            try await updates.next(waitingFor: "the resolved purchase")?.unsafePayloadValue.productID
                == "lifetime")
        #expect(try await store.transactionRecords().first?.state == .purchased)
    }

    @Test func timeRateScalesStoreTime() async throws {
        let wall = ManualWallClock()
        let store = try SimulatedStore(
            catalog: TestCatalog(), ledger: .memory, signer: try CoveringSigner(authority: .ephemeral()),
            wallClock: { wall.now })
        try await store.apply(.timeRate(.monthlyRenewalEveryThirtySeconds))
        let start = try await store.now()
        wall.advance(30)
        // One day of store time passes every wall second at this rate.
        #expect(try await store.now().timeIntervalSince(start) == 30 * 86_400)
        _ = try await store.purchase("basic.monthly")
        wall.advance(31)
        #expect(try await store.all().count == 2, "a month of store time renewed the subscription")
        try await store.apply(.timeRate(.oneRenewalEveryTenSeconds))
        guard case .success(let yearly) = try await store.purchase("pro.annual") else {
            Issue.record("purchase failed")
            return
        }
        #expect(
            yearly.unsafePayloadValue.expirationDate == yearly.unsafePayloadValue.purchaseDate + 10,
            "under a fixed rate every period lasts ten seconds, a year included")
        wall.advance(10)
        #expect(try await store.latest(for: "pro.annual")?.unsafePayloadValue.reason == .renewal)
    }
}

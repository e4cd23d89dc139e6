import Foundation
import StoreCore
import TestSupport
import Testing

/// Every mistake the seed documents list shows its real consequence against the store.
@Suite final class MistakeConsequenceTests: Sendable {
    let servers = BackendServers()
    @Test(arguments: Backend.allCases)
    func aTransactionNeverFinishedComesBack(backend: Backend) async throws {
        let (store, _) = try backend.make(servers)
        guard case .success(let check) = try await store.purchase(Demo.credits) else {
            Issue.record("purchase did not succeed")
            return
        }
        // Unlocked but never finished: the next launch's listener gets it again, every time.
        for _ in 0..<2 {
            let listener = Incoming(await store.updates())
            #expect(
                try await listener.next(waitingFor: "the unfinished purchase")?.unsafePayloadValue.id
                    == check.unsafePayloadValue.id)
        }
        #expect(try await store.unfinished().count == 1)
    }

    @Test(arguments: Backend.allCases)
    func anUnverifiedTransactionIsReportedUnverified(backend: Backend) async throws {
        let (store, _) = try backend.make(servers)
        try await store.setSimulatedError(.verification(.invalidSignature()), for: .verification)
        guard case .success(let check) = try await store.purchase(Demo.filmPack) else {
            Issue.record("purchase did not succeed")
            return
        }
        #expect(!check.isVerified)
        #expect(throws: VerificationError.self) { try verified(check) }
        // unsafePayloadValue still hands the payload over: trusting it is the mistake.
        #expect(check.unsafePayloadValue.productID == Demo.filmPack)
        #expect(try await entitledProducts(store).isEmpty)
    }

    @Test(arguments: Backend.allCases)
    func aRefundedPurchaseLeavesTheEntitlements(backend: Backend) async throws {
        let (store, _) = try backend.make(servers)
        guard case .success(let check) = try await store.purchase(Demo.lifetime) else {
            Issue.record("purchase did not succeed")
            return
        }
        try await store.refund(check.unsafePayloadValue.id, reason: .developerIssue)
        #expect(try await entitledProducts(store).isEmpty)
        let all = try await store.all().map(\.unsafePayloadValue)
        // Granting on every verified transaction would still unlock it: the revocation date says no.
        #expect(all.count == 1 && all[0].revocationDate != nil)
    }

    @Test(arguments: Backend.allCases)
    func aPendingPurchaseUnlocksNothingUntilApproved(backend: Backend) async throws {
        let (store, _) = try backend.make(servers)
        try await store.apply(.askToBuy(true))
        let answer = try await store.purchase(Demo.lifetime)
        #expect(try await entitledProducts(store).isEmpty)
        #expect(try await store.all().isEmpty)
        let request = try #require(try await store.transactionRecords().first)
        #expect(answer == .pending(transactionID: request.id))
        try await store.approveAskToBuy(request.id)
        #expect(try await entitledProducts(store) == [Demo.lifetime])
    }

    @Test(arguments: Backend.allCases)
    func entitlementsComputedOnceGoStale(backend: Backend) async throws {
        let (store, _) = try backend.make(servers)
        _ = try await store.purchase(Demo.plusMonthly, options: [.introductoryOfferEligibility(false)])
        let cached = try await entitledProducts(store)
        let latest = try #require(try await store.latest(for: Demo.plusMonthly)).unsafePayloadValue
        try await store.setAutoRenew(false, transactionID: latest.id)
        _ = try await store.advanceClock(by: 32 * 86_400)
        #expect(cached == [Demo.plusMonthly])
        #expect(try await entitledProducts(store).isEmpty, "recomputing shows the expiry")
    }
}

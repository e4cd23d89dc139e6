import Foundation
import Signing
import StoreCore
import TestSupport
import Testing

/// Every "right" pattern of the StoreKit 2 seed documents works against the store.
@Suite final class RightPatternTests: Sendable {
    let servers = BackendServers()
    @Test(arguments: Backend.allCases)
    func buyVerifyDeliverFinish(backend: Backend) async throws {
        let (store, verifier) = try backend.make(servers)
        let token = UUID()
        let result = try await store.purchase(Demo.lifetime, options: [.appAccountToken(token)])
        guard case .success(let check) = result else {
            Issue.record("expected success, got \(result)")
            return
        }
        let receipt = try verified(check)
        #expect(receipt.appAccountToken == token)
        // A backend verifies the same JWS with the store's root.
        let decoded = try verifier.verify(check.jwsRepresentation, as: Transaction.self).payloadValue
        #expect(decoded.id == receipt.id)
        #expect(try await entitledProducts(store) == [Demo.lifetime])
        try await store.finish(receipt.id)
        #expect(try await store.unfinished().isEmpty)
    }

    @Test(arguments: Backend.allCases)
    func launchTimeListenerHearsApprovalsRenewalsAndRefunds(backend: Backend) async throws {
        let (store, _) = try backend.make(servers)
        let listener = Incoming(await store.updates())
        guard
            case .success(let first) = try await store.purchase(
                Demo.plusMonthly, options: [.introductoryOfferEligibility(false)])
        else { Issue.record("purchase failed"); return }
        try await store.finish(try verified(first).id)
        _ = try await store.advanceClock(periods: 1, groupID: Demo.group)
        let renewal = try verified(try #require(await listener.next(waitingFor: "the renewal")))
        #expect(renewal.originalID == first.unsafePayloadValue.id && renewal.reason == .renewal)
        try await store.finish(renewal.id)
        try await store.refund(renewal.id, reason: .other)
        let refunded = try verified(try #require(await listener.next(waitingFor: "the refund")))
        #expect(refunded.id == renewal.id && refunded.revocationDate != nil)
        try await store.apply(.askToBuy(true))
        let answer = try await store.purchase(Demo.filmPack)
        let request = try #require(
            try await store.transactionRecords().first { $0.state == .pendingApproval })
        #expect(answer == .pending(transactionID: request.id))
        try await store.approveAskToBuy(request.id)
        let approved = try #require(await listener.next(waitingFor: "the approved Ask to Buy purchase"))
        #expect(try verified(approved).productID == Demo.filmPack)
    }

    @Test(arguments: Backend.allCases)
    func isAPlanActive(backend: Backend) async throws {
        let (store, _) = try backend.make(servers)
        #expect(try await store.subscriptionStatuses(for: Demo.group).isEmpty)
        _ = try await store.purchase(Demo.proMonthly)
        let statuses = try await store.subscriptionStatuses(for: Demo.group)
        let active = try statuses.contains { status in
            _ = try verified(status.renewalInfo)
            return try verified(status.transaction).revocationDate == nil && status.state.grantsAccess
        }
        #expect(active)
    }

    @Test(arguments: Backend.allCases)
    func introductoryOfferAppliesAutomaticallyWhenEligible(backend: Backend) async throws {
        let (store, _) = try backend.make(servers)
        let product = try #require(try await store.products(for: [Demo.proMonthly]).first)
        let intro = try #require(product.subscription?.introductoryOffer)
        #expect(try await store.isEligibleForIntroOffer(groupID: Demo.group))
        guard case .success(let check) = try await store.purchase(Demo.proMonthly) else {
            Issue.record("purchase did not succeed")
            return
        }
        let receipt = try verified(check)
        #expect(receipt.offer?.type == .introductory)
        #expect(receipt.offer?.paymentMode == intro.paymentMode)
        #expect(!(try await store.isEligibleForIntroOffer(groupID: Demo.group)))
    }

    @Test(arguments: Backend.allCases)
    func restoreAndAppTransaction(backend: Backend) async throws {
        let (store, verifier) = try backend.make(servers)
        _ = try await store.purchase(Demo.filmPack)
        try await store.sync()
        #expect(try await entitledProducts(store) == [Demo.filmPack])
        let app = try await store.appTransaction()
        let decoded = try verifier.verify(app.jwsRepresentation, as: AppTransaction.self).payloadValue
        #expect(decoded.bundleID == (try verified(app)).bundleID)
    }

    @Test(arguments: Backend.allCases)
    func pricesComeFromTheStorefrontNotTheCode(backend: Backend) async throws {
        let (store, _) = try backend.make(servers)
        let inUS = try #require(try await store.products(for: [Demo.lifetime]).first)
        #expect(inUS.displayPrice == "$99.99")
        try await store.apply(.storefront("DEU"))
        try await store.apply(.locale("de_DE"))
        let inGermany = try #require(try await store.products(for: [Demo.lifetime]).first)
        #expect(inGermany.displayPrice == "99,99\u{A0}€")
        #expect(inGermany.displayName == "Lumen auf Lebenszeit")
    }
}

/// Signed data stays verifiable however far the store's clock runs ahead.
@Suite final class LongRunningClockTests: Sendable {
    let servers = BackendServers()
    @Test(arguments: Backend.allCases)
    func renewalsYearsAheadStillVerifyWithTheSameRoot(backend: Backend) async throws {
        let (store, verifier) = try backend.make(servers)
        _ = try await store.purchase(Demo.proAnnual, options: [.introductoryOfferEligibility(false)])
        _ = try await store.advanceClock(periods: 3, groupID: Demo.group)
        let latest = try #require(try await store.latest(for: Demo.proAnnual))
        let decoded = try verifier.verify(latest.jwsRepresentation, as: Transaction.self)
        #expect(decoded.isVerified, "a renewal three years ahead must verify: \(decoded)")
        #expect(latest.unsafePayloadValue.reason == .renewal)
    }
}

/// A tester sees the App Store Server Notifications each change recorded.
@Suite final class NotificationHistoryTests: Sendable {
    let servers = BackendServers()
    @Test(arguments: Backend.allCases)
    func purchasesAndRenewalsAppearNewestFirst(backend: Backend) async throws {
        let (store, _) = try backend.make(servers)
        _ = try await store.purchase(Demo.plusMonthly, options: [.introductoryOfferEligibility(false)])
        _ = try await store.advanceClock(periods: 1, groupID: Demo.group)
        let history = try await store.notificationHistory(limit: 10)
        #expect(history.map(\.kind) == ["DID_RENEW", "SUBSCRIBED/INITIAL_BUY"])
        #expect(history.allSatisfy { $0.productID == Demo.plusMonthly && $0.attempts.isEmpty })
        #expect(try await store.notificationHistory(limit: 1).map(\.kind) == ["DID_RENEW"])
    }
}

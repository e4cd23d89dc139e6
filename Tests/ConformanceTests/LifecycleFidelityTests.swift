import Foundation
import Signing
import StoreCore
import TestSupport
import Testing

/// Lifecycle details Apple documents (issue 12), on every backend: refunds and their
/// requests, revocation shares, store settings, monthly-plan commitments and messages that
/// wait for the app.
@Suite final class LifecycleFidelityTests: Sendable {
    let servers = BackendServers()
    func buy(_ store: any Store, _ id: String, _ options: [PurchaseOption] = []) async throws -> Transaction {
        let result = try await store.purchase(id, options: options + [.introductoryOfferEligibility(false)])
        guard case .success(let check) = result else { throw StoreError.invalidAction("\(result)") }
        return try verified(check)
    }

    /// The account's notifications, oldest first, as "TYPE/SUBTYPE".
    func kinds(_ store: any StoreControl) async throws -> [String] {
        try await store.notificationHistory(limit: 100).reversed().map(\.kind)
    }

    func record(_ store: any StoreControl, _ id: UInt64) async throws -> TransactionRecord {
        try #require(try await store.transactionRecords().first { $0.id == id })
    }

    @Test(arguments: Backend.allCases)
    func refundTurnsAutoRenewOffAndSaysSo(backend: Backend) async throws {
        let (store, _) = try backend.make(servers)
        let plan = try await buy(store, Demo.plusMonthly)
        try await store.refund(plan.id, reason: .developerIssue)
        #expect(
            Array(try await kinds(store).suffix(2)) == [
                "DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_DISABLED", "REFUND",
            ])
        let info = try verified(
            try #require(try await store.subscriptionStatuses(for: Demo.group).first).renewalInfo)
        #expect(!info.willAutoRenew)
    }

    @Test(arguments: Backend.allCases)
    func refundsCarryTheirRevocationShare(backend: Backend) async throws {
        let (store, verifier) = try backend.make(servers)
        let pack = try await buy(store, Demo.filmPack)
        let plan = try await buy(store, Demo.plusMonthly)
        try await store.refund(pack.id, reason: .other)
        try await store.refund(plan.id, reason: .other, percentage: 50_000)
        let full = try await record(store, pack.id).transaction
        let half = try await record(store, plan.id).transaction
        let fullPayload = try verifier.verify(full.jwsRepresentation, as: Transaction.self).payloadValue
        #expect(fullPayload.revocationPercentage == 100_000 && fullPayload.revocationType == .refundFull)
        let halfPayload = try verifier.verify(half.jwsRepresentation, as: Transaction.self).payloadValue
        #expect(halfPayload.revocationPercentage == 50_000 && halfPayload.revocationType == .refundProrated)
        await #expect(throws: StoreError.self) {
            try await store.refund(try await buy(store, Demo.credits).id, reason: .other, percentage: 0)
        }
    }

    @Test(arguments: Backend.allCases)
    func refundRequestsAreDeclinedGrantedAndReversed(backend: Backend) async throws {
        let (store, _) = try backend.make(servers)
        let lifetime = try await buy(store, Demo.lifetime)
        try await store.openRefundRequest(lifetime.id, reason: .unintendedPurchase)
        var request = try #require(try await record(store, lifetime.id).refundRequest)
        #expect(request.status == .open && request.reason == .unintendedPurchase)
        // Apple asks for consumption information of consumables and auto-renewable
        // subscriptions only (docs/behaviour.md): none for a non-consumable.
        #expect(try await kinds(store).last == "ONE_TIME_CHARGE")
        #expect(try await entitledProducts(store) == [Demo.lifetime], "an open request changes nothing yet")
        await #expect(throws: StoreError.self) {
            try await store.openRefundRequest(lifetime.id, reason: .other)
        }

        try await store.declineRefundRequest(lifetime.id)
        #expect(try await record(store, lifetime.id).refundRequest?.status == .declined)
        #expect(try await kinds(store).last == "REFUND_DECLINED")
        #expect(try await entitledProducts(store) == [Demo.lifetime])
        await #expect(throws: StoreError.self) {
            try await store.grantRefundRequest(lifetime.id, percentage: 100_000)
        }

        try await store.openRefundRequest(lifetime.id, reason: .fulfillmentIssue)
        try await store.grantRefundRequest(lifetime.id, percentage: 100_000)
        #expect(try await kinds(store).suffix(2) == ["REFUND_DECLINED", "REFUND"])
        #expect(try await entitledProducts(store).isEmpty)
        let refunded = try verified(try await record(store, lifetime.id).transaction)
        #expect(refunded.revocationReason == .developerIssue, "a fulfillment issue is the app's issue")

        try await store.reverseRefund(lifetime.id)
        #expect(try await kinds(store).last == "REFUND_REVERSED")
        #expect(try await entitledProducts(store) == [Demo.lifetime], "a reversed refund restores access")
        request = try #require(try await record(store, lifetime.id).refundRequest)
        #expect(request.status == .reversed)
        #expect(try verified(try await record(store, lifetime.id).transaction).revocationDate == nil)
        await #expect(throws: StoreError.self) { try await store.reverseRefund(lifetime.id) }
    }

    @Test(arguments: Backend.allCases)
    func consumptionRequestsAreForConsumablesAndSubscriptions(backend: Backend) async throws {
        let (store, _) = try backend.make(servers)
        let credits = try await buy(store, Demo.credits)
        try await store.openRefundRequest(credits.id, reason: .legal)
        #expect(try await kinds(store).last == "CONSUMPTION_REQUEST")
    }

    @Test(arguments: Backend.allCases)
    func newSettingsTravelAndAreChecked(backend: Backend) async throws {
        let (store, _) = try backend.make(servers)
        #expect(try await store.settings().billingGracePeriodDays == 16)
        #expect(try await !store.settings().includeFinishedConsumables)
        try await store.apply(.billingGracePeriodDays(28))
        try await store.apply(.includeFinishedConsumables(true))
        #expect(try await store.settings().billingGracePeriodDays == 28)
        #expect(try await store.settings().includeFinishedConsumables)
        await #expect(throws: StoreError.self) { try await store.apply(.billingGracePeriodDays(5)) }
    }

    @Test(arguments: Backend.allCases)
    func monthlyPlanBillsCarryTheirCommitment(backend: Backend) async throws {
        let (store, _) = try backend.make(servers)
        let first = try await buy(store, Demo.ultimateAnnual, [.billingPlanType(.monthly)])
        let commitment = try #require(first.commitment)
        #expect(commitment.billingPeriodNumber == 1 && commitment.totalBillingPeriods == 12)
        #expect(commitment.price == Decimal(string: "191.88"))
        let end = try #require(
            Calendar(identifier: .gregorian).date(byAdding: .month, value: 12, to: first.purchaseDate))
        #expect(abs(commitment.expirationDate.timeIntervalSince(end)) < 86_400 * 2)
        let info = try verified(
            try #require(try await store.subscriptionStatuses(for: Demo.group).first).renewalInfo)
        #expect(info.commitment?.renewalDate == commitment.expirationDate)
        #expect(info.commitment?.autoRenewProductID == Demo.ultimateAnnual)
        #expect(info.commitment?.willAutoRenew == true)
        _ = try await store.advanceClock(periods: 1, groupID: Demo.group)
        let second = try verified(try #require(try await store.latest(for: Demo.ultimateAnnual)))
        #expect(second.commitment?.billingPeriodNumber == 2)
        #expect(second.commitment?.expirationDate == commitment.expirationDate)
        #expect(try await buy(store, Demo.lifetime).commitment == nil, "only monthly plans commit")
    }

    @Test(arguments: Backend.allCases)
    func aFamilyMemberHearsOfWhatTheFamilyShares(backend: Backend) async throws {
        let (store, _) = try backend.make(servers)
        try await store.addAccount(StoreAccount(name: "tester", familyID: "family"))
        try await store.addAccount(StoreAccount(name: "kid", familyID: "family"))
        _ = try await buy(store, Demo.lifetime)
        _ = try await buy(store, Demo.proMonthly)
        _ = try await store.advanceClock(periods: 1, groupID: Demo.group)
        try await store.switchAccount(to: "kid")
        let shared = try await store.all().map { try verified($0) }
        #expect(shared.count == 3 && shared.allSatisfy { $0.ownershipType == .familyShared })
        let history = try await store.notificationHistory(limit: 100).reversed()
        #expect(
            history.map(\.kind) == [
                "ONE_TIME_CHARGE", "SUBSCRIBED/INITIAL_BUY", "DID_RENEW",
            ])
        #expect(
            history.compactMap(\.transactionID) == shared.map(\.id), "each speaks of the member's own copy")
    }

    @Test(arguments: Backend.allCases)
    func aBillingIssueWaitsForTheNextMessageListener(backend: Backend) async throws {
        let (store, _) = try backend.make(servers)
        try await store.apply(.billingRetryOnRenewal(true))
        _ = try await buy(store, Demo.plusMonthly)
        // The renewal fails while no app listens for messages.
        _ = try await store.advanceClock(periods: 1, groupID: Demo.group)
        let message = try await Incoming(await store.messages()).next(waitingFor: "a message")
        #expect(message == .billingIssue(productID: Demo.plusMonthly))
    }
}

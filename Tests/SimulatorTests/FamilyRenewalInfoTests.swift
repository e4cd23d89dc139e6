import Foundation
import Signing
import Simulator
import StoreCore
import Testing

/// A family member's renewal info is the member's (issue 23, docs/behaviour.md "Family
/// Sharing"): its own original transaction ID and app transaction ID, in StoreKit's statuses, in
/// Get All Subscription Statuses and in its notifications alike.
@Suite struct FamilyRenewalInfoTests {
    @Test func aMembersStatusesAndNotificationsCarryItsOwnIDs() async throws {
        let store = try SimulatedStore.makeForTest()
        try await store.addAccount(StoreAccount(name: SimulatedStore.defaultAccount, familyID: "f"))
        try await store.addAccount(StoreAccount(name: "kid", familyID: "f"))
        try await store.switchAccount(to: SimulatedStore.defaultAccount)
        guard case .success(let bought) = try await store.purchase("pro.monthly") else {
            Issue.record("purchase failed")
            return
        }
        _ = try await store.advanceClock(periods: 1, groupID: TestCatalog.group)
        let purchaser = bought.unsafePayloadValue

        let kid = store.acting(for: "kid")
        let copies = try await kid.all().map(\.unsafePayloadValue)
        let copy = try #require(copies.last)
        #expect(copy.ownershipType == .familyShared && copy.originalID != purchaser.originalID)

        // StoreKit's statuses for the member.
        let statuses = try await kid.subscriptionStatuses(for: TestCatalog.group)
        #expect(statuses.count == 1)
        let status = try #require(statuses.first)
        #expect(status.state == .subscribed)
        #expect(status.transaction.unsafePayloadValue.id == copy.id)
        #expect(status.renewalInfo.unsafePayloadValue.originalTransactionID == copy.originalID)

        // Get All Subscription Statuses, asked with the member's original ID.
        let owner = try #require(try await store.serverTransaction(copy.originalID)).account
        #expect(owner == "kid")
        let served = try await store.serverStatuses(ofAccount: owner)
        #expect(served.map(\.originalTransactionID) == [copy.originalID])
        #expect(served.first?.state == .subscribed)
        let info = try StoredJWS.payload(
            of: try #require(served.first).signedRenewalInfo, as: RenewalInfo.self)
        #expect(info.originalTransactionID == copy.originalID)
        #expect(info.appAccountToken == nil)
        let purchasers = try await store.serverStatuses(ofAccount: SimulatedStore.defaultAccount)
        let theirs = try StoredJWS.payload(
            of: try #require(purchasers.first).signedRenewalInfo, as: RenewalInfo.self)
        #expect(info.appTransactionID != "" && info.appTransactionID != theirs.appTransactionID)
        #expect(theirs.originalTransactionID == purchaser.originalID)
        #expect(info.renewalDate == theirs.renewalDate && info.willAutoRenew == theirs.willAutoRenew)
        #expect(
            try StoredJWS.payload(of: try #require(served.first).signedTransactionInfo, as: Transaction.self)
                .id == copy.id)

        // The member's notifications pair its transaction with its own renewal info.
        for notification in try await store.notifications(account: "kid") {
            let payload = try StoredJWS.payload(
                of: try await store.signedNotification(notification), as: NotificationPayload.self)
            let transaction = try StoredJWS.payload(
                of: try #require(payload.data?.signedTransactionInfo), as: Transaction.self)
            let renewal = try StoredJWS.payload(
                of: try #require(payload.data?.signedRenewalInfo), as: RenewalInfo.self)
            #expect(renewal.originalTransactionID == transaction.originalID)
            #expect(transaction.ownershipType == .familyShared)
        }
    }
}

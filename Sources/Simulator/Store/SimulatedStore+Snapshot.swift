import Foundation
import StoreCore

extension SimulatedStore {
    /// One actor turn: every read below runs on the store without suspending, so no other
    /// action lands between them.
    public func snapshot(groupID: String?, recordLimit: Int) async throws(StoreError) -> StoreSnapshot {
        var snapshot = StoreSnapshot()
        snapshot.products = try await allProducts()
        snapshot.groupID = groupID ?? snapshot.products.compactMap(\.subscription?.groupID).first
        snapshot.entitlements = try await currentEntitlements()
        if let group = snapshot.groupID {
            // A simulated failure of the statuses leaves them empty, as a paywall whose status
            // read failed shows none; a real failure fails the whole read.
            if state.meta.failures[.subscriptionStatus] == nil {
                snapshot.statuses = try await subscriptionStatuses(for: group)
            }
            snapshot.isEligibleForIntroOffer = try await isEligibleForIntroOffer(groupID: group)
        }
        (snapshot.records, snapshot.recordCount) = try transactionRecords(limit: recordLimit)
        snapshot.notifications = try await notificationHistory(limit: StoreSnapshot.notificationLimit)
        snapshot.settings = try await settings()
        snapshot.account = activeAccount
        snapshot.accounts = try await accounts()
        snapshot.clock = currentTime
        snapshot.latestClock = signer.latestSigningDate
        snapshot.simulatedErrors = try await simulatedErrors()
        return snapshot
    }
}

import Foundation
import StoreCore

extension StoreSnapshot {
    /// What a screen shows of `store`, read in one actor turn: `store` is isolated, so every
    /// read below runs on the store without suspending and no other action lands between them.
    init(of store: isolated SimulatedStore, groupID: String?, recordLimit: Int) async throws(StoreError) {
        var snapshot = StoreSnapshot()
        snapshot.products = try await store.allProducts()
        snapshot.groupID = groupID ?? snapshot.products.compactMap(\.subscription?.groupID).first
        snapshot.entitlements = try await store.currentEntitlements()
        if let group = snapshot.groupID {
            // A simulated failure of the statuses leaves them empty, as a paywall whose status
            // read failed shows none; a real failure fails the whole read.
            if store.state.meta.failures[.subscriptionStatus] == nil {
                snapshot.statuses = try await store.subscriptionStatuses(for: group)
            }
            snapshot.isEligibleForIntroOffer = try await store.isEligibleForIntroOffer(groupID: group)
        }
        (snapshot.records, snapshot.recordCount) = try store.transactionRecords(limit: recordLimit)
        snapshot.notifications = try await store.notificationHistory(limit: StoreSnapshot.notificationLimit)
        snapshot.settings = try await store.settings()
        snapshot.account = store.activeAccount
        snapshot.accounts = try await store.accounts()
        snapshot.clock = store.currentTime
        snapshot.latestClock = store.signer.latestSigningDate
        snapshot.simulatedErrors = try await store.simulatedErrors()
        self = snapshot
    }
}

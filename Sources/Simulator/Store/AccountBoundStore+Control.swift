import Foundation
import StoreCore

/// The tester's side for the bound account: every operation through `perform`, the reads by name.
extension AccountBoundStore: StoreControl {
    public func perform(_ operation: StoreOperation) async throws(StoreError) -> StoreOperationResult {
        try await bound { store throws(StoreError) in try await store.perform(operation) }
    }

    public func accounts() async throws(StoreError) -> [StoreAccount] {
        try await bound { store throws(StoreError) in try await store.accounts() }
    }

    /// The bound account (or the selected one when the view is bound to none).
    public func currentAccount() async throws(StoreError) -> StoreAccount {
        try await bound { store throws(StoreError) in try await store.currentAccount() }
    }

    /// Changes the store's selected account; a view bound to an account keeps acting for it.
    public func switchAccount(to name: AccountName) async throws(StoreError) {
        try await bound { store throws(StoreError) in try await store.switchAccount(to: name) }
    }

    public func transactionRecords() async throws(StoreError) -> [TransactionRecord] {
        try await bound { store throws(StoreError) in try await store.transactionRecords() }
    }

    public func now() async throws(StoreError) -> Date {
        try await bound { store throws(StoreError) in try await store.now() }
    }

    public func settings() async throws(StoreError) -> StoreSettings {
        try await bound { store throws(StoreError) in try await store.settings() }
    }

    public func simulatedErrors() async throws(StoreError) -> [FailableAPI: SimulatedFailure] {
        try await bound { store throws(StoreError) in try await store.simulatedErrors() }
    }

    public func notificationHistory(limit: Int) async throws(StoreError) -> [NotificationSummary] {
        try await bound { store throws(StoreError) in try await store.notificationHistory(limit: limit) }
    }

    public func snapshot(groupID: String?, recordLimit: Int) async throws(StoreError) -> StoreSnapshot {
        try await bound { store throws(StoreError) in
            try await store.snapshot(groupID: groupID, recordLimit: recordLimit)
        }
    }

    public func events() async -> AsyncStream<StoreEvent> {
        await bound { store in await store.events() }
    }
}

import Foundation
import StoreCore

/// A store still being opened in the background: every call waits for the open, then goes to
/// the opened store. The paywall is handed one so that its first frame (the loading screen)
/// paints at once, whatever the ledger costs to open; its first read simply waits.
final class OpeningStore: Store, StoreControl, Sendable {
    private let opening: Task<OpenedStore, any Error>

    /// Starts `open` now, in the background.
    init(_ open: @escaping @Sendable () async throws -> OpenedStore) {
        opening = Task { try await open() }
    }

    /// The opened store, once it is; the open's own error when it failed.
    func opened() async throws -> OpenedStore { try await opening.value }

    private func store() async throws(StoreError) -> any Store & StoreControl {
        do {
            return try await opening.value.store
        } catch let error as StoreError {
            throw error
        } catch {
            throw StoreError.backend("\(error)")
        }
    }

    func products(for identifiers: [String]) async throws(StoreError) -> [Product] {
        try await store().products(for: identifiers)
    }

    func allProducts() async throws(StoreError) -> [Product] { try await store().allProducts() }

    func paymentSheet(for productID: String, options: [PurchaseOption]) async throws(StoreError)
        -> PaymentSheet?
    {
        try await store().paymentSheet(for: productID, options: options)
    }

    func perform(_ request: StoreRequest) async throws(StoreError) -> StoreRequestResult {
        try await store().perform(request)
    }

    // The streams below end at once when the open failed: the failure itself is thrown by every
    // other call and by `opened()`, which the paywall awaits when it ends.

    func updates() async -> AsyncStream<VerificationResult<Transaction>> {
        guard let store = try? await store() else { return AsyncStream { $0.finish() } }
        return await store.updates()
    }

    func messages() async -> AsyncStream<StoreMessage> {
        guard let store = try? await store() else { return AsyncStream { $0.finish() } }
        return await store.messages()
    }

    func currentEntitlements() async throws(StoreError) -> [VerificationResult<Transaction>] {
        try await store().currentEntitlements()
    }

    func unfinished() async throws(StoreError) -> [VerificationResult<Transaction>] {
        try await store().unfinished()
    }

    func all() async throws(StoreError) -> [VerificationResult<Transaction>] { try await store().all() }

    func latest(for productID: String) async throws(StoreError) -> VerificationResult<Transaction>? {
        try await store().latest(for: productID)
    }

    func subscriptionStatuses(for groupID: String) async throws(StoreError) -> [SubscriptionStatus] {
        try await store().subscriptionStatuses(for: groupID)
    }

    func isEligibleForIntroOffer(groupID: String) async throws(StoreError) -> Bool {
        try await store().isEligibleForIntroOffer(groupID: groupID)
    }

    func appTransaction() async throws(StoreError) -> VerificationResult<AppTransaction> {
        try await store().appTransaction()
    }

    func storefront() async throws(StoreError) -> Storefront { try await store().storefront() }

    func perform(_ operation: StoreOperation) async throws(StoreError) -> StoreOperationResult {
        try await store().perform(operation)
    }

    func accounts() async throws(StoreError) -> [StoreAccount] { try await store().accounts() }

    func currentAccount() async throws(StoreError) -> StoreAccount { try await store().currentAccount() }

    func switchAccount(to name: String) async throws(StoreError) { try await store().switchAccount(to: name) }

    func transactionRecords() async throws(StoreError) -> [TransactionRecord] {
        try await store().transactionRecords()
    }

    func now() async throws(StoreError) -> Date { try await store().now() }

    func settings() async throws(StoreError) -> StoreSettings { try await store().settings() }

    func simulatedErrors() async throws(StoreError) -> [FailableAPI: SimulatedFailure] {
        try await store().simulatedErrors()
    }

    func notificationHistory(limit: Int) async throws(StoreError) -> [NotificationSummary] {
        try await store().notificationHistory(limit: limit)
    }

    func snapshot(groupID: String?, recordLimit: Int) async throws(StoreError) -> StoreSnapshot {
        try await store().snapshot(groupID: groupID, recordLimit: recordLimit)
    }

    func events() async -> AsyncStream<StoreEvent> {
        guard let store = try? await store() else { return AsyncStream { $0.finish() } }
        return await store.events()
    }
}

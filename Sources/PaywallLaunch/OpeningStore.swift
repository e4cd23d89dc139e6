import Catalog
import Foundation
import StoreCore

/// A store still being opened in the background: every call waits for the open, then goes to
/// the opened store. The paywall is handed one so that its first frame (the loading screen)
/// paints at once, whatever the ledger costs to open; its first read simply waits.
public final class OpeningStore: Store, StoreControl, Sendable {
    private let opening: Task<OpenedStore, any Error>

    /// Starts `open` now, in the background.
    public init(_ open: @escaping @Sendable () async throws -> OpenedStore) {
        opening = Task { try await open() }
    }

    /// The opened store, once it is; the open's own error when it failed.
    public func opened() async throws -> OpenedStore { try await opening.value }

    /// Hands `catalog` to the opened store when it takes one (`OpenedStore.replaceCatalog`): the
    /// paywall paints while its store opens, and which store it is (this process's simulator
    /// when it owns the state, a client's store that cannot take one) is known only once open.
    public func replaceCatalog(_ catalog: LoadedCatalog) async {
        // An open that failed has no store to update; the paywall's command reports that failure
        // once the screen is given back.
        guard let opened = try? await opened() else { return }
        await opened.replaceCatalog?(catalog)
    }

    private func store() async throws(StoreError) -> any Store & StoreControl {
        do {
            return try await opening.value.store
        } catch let error as StoreError {
            throw error
        } catch {
            throw StoreError.backend("\(error)")
        }
    }

    public func products(for identifiers: [String]) async throws(StoreError) -> [Product] {
        try await store().products(for: identifiers)
    }

    public func allProducts() async throws(StoreError) -> [Product] { try await store().allProducts() }

    public func paymentSheet(for productID: String, options: [PurchaseOption]) async throws(StoreError)
        -> PaymentSheet?
    {
        try await store().paymentSheet(for: productID, options: options)
    }

    public func perform(_ request: StoreRequest) async throws(StoreError) -> StoreRequestResult {
        try await store().perform(request)
    }

    // The streams below end at once when the open failed: the failure itself is thrown by every
    // other call and by `opened()`, which the paywall awaits when it ends.

    public func updates() async -> AsyncStream<VerificationResult<Transaction>> {
        // A store that failed to open has nothing to stream: the stream ends at once, and the
        // open's error is thrown by `opened()`, which the paywall's command awaits and reports.
        guard let store = try? await store() else { return AsyncStream { $0.finish() } }
        return await store.updates()
    }

    public func messages() async -> AsyncStream<StoreMessage> {
        // Ends at once when the open failed (see `updates()`).
        guard let store = try? await store() else { return AsyncStream { $0.finish() } }
        return await store.messages()
    }

    public func currentEntitlements() async throws(StoreError) -> [VerificationResult<Transaction>] {
        try await store().currentEntitlements()
    }

    public func unfinished() async throws(StoreError) -> [VerificationResult<Transaction>] {
        try await store().unfinished()
    }

    public func all() async throws(StoreError) -> [VerificationResult<Transaction>] {
        try await store().all()
    }

    public func latest(for productID: String) async throws(StoreError) -> VerificationResult<Transaction>? {
        try await store().latest(for: productID)
    }

    public func subscriptionStatuses(for groupID: String) async throws(StoreError) -> [SubscriptionStatus] {
        try await store().subscriptionStatuses(for: groupID)
    }

    public func isEligibleForIntroOffer(groupID: String) async throws(StoreError) -> Bool {
        try await store().isEligibleForIntroOffer(groupID: groupID)
    }

    public func appTransaction() async throws(StoreError) -> VerificationResult<AppTransaction> {
        try await store().appTransaction()
    }

    public func storefront() async throws(StoreError) -> Storefront { try await store().storefront() }

    public func perform(_ operation: StoreOperation) async throws(StoreError) -> StoreOperationResult {
        try await store().perform(operation)
    }

    public func accounts() async throws(StoreError) -> [StoreAccount] { try await store().accounts() }

    public func currentAccount() async throws(StoreError) -> StoreAccount {
        try await store().currentAccount()
    }

    public func switchAccount(to name: AccountName) async throws(StoreError) {
        try await store().switchAccount(to: name)
    }

    public func transactionRecords() async throws(StoreError) -> [TransactionRecord] {
        try await store().transactionRecords()
    }

    public func now() async throws(StoreError) -> Date { try await store().now() }

    public func settings() async throws(StoreError) -> StoreSettings { try await store().settings() }

    public func simulatedErrors() async throws(StoreError) -> [FailableAPI: SimulatedFailure] {
        try await store().simulatedErrors()
    }

    public func notificationHistory(limit: Int) async throws(StoreError) -> [NotificationSummary] {
        try await store().notificationHistory(limit: limit)
    }

    public func snapshot(groupID: String?, recordLimit: Int) async throws(StoreError) -> StoreSnapshot {
        try await store().snapshot(groupID: groupID, recordLimit: recordLimit)
    }

    public func events() async -> AsyncStream<StoreEvent> {
        // Ends at once when the open failed (see `updates()`).
        guard let store = try? await store() else { return AsyncStream { $0.finish() } }
        return await store.events()
    }
}

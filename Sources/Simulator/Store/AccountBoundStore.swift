import Foundation
import StoreCore

/// A `SimulatedStore` acting for one account: every `Store` and `StoreControl` call through it
/// is that account's, whatever task makes it. The account is a value the caller holds, so a
/// `Task.detached` (which drops task-local values) or any other hop cannot lose it; a server
/// serving many accounts at once hands each request its own view (`store.acting(for:)`).
public struct AccountBoundStore: Sendable {
    /// The store behind the view.
    public let store: SimulatedStore
    /// The account every call acts for; nil acts for the store's selected account.
    public let account: AccountName?

    public init(store: SimulatedStore, account: AccountName?) {
        self.store = store
        self.account = account
    }

    /// Runs one call of the store for `account`. The store reads its account when a call starts
    /// (`SimulatedStore.activeAccount`); binding it right around the call, here and nowhere
    /// else, is what keeps that value from being lost.
    func bound<T: Sendable>(_ call: @Sendable (SimulatedStore) async throws(StoreError) -> T)
        async throws(StoreError) -> T
    {
        let store = self.store
        let result: Result<T, StoreError> = await SimulatedStore.$requestAccount.withValue(account) {
            do throws(StoreError) {
                return .success(try await call(store))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// A call that cannot fail, for `account`.
    func bound<T: Sendable>(_ call: @Sendable (SimulatedStore) async -> T) async -> T {
        let store = self.store
        return await SimulatedStore.$requestAccount.withValue(account) { await call(store) }
    }
}

extension SimulatedStore {
    /// This store acting for `account` (nil: the selected account), for callers that serve
    /// several accounts at once.
    public nonisolated func acting(for account: AccountName?) -> AccountBoundStore {
        AccountBoundStore(store: self, account: account)
    }
}

extension AccountBoundStore: Store {
    public func perform(_ request: StoreRequest) async throws(StoreError) -> StoreRequestResult {
        try await bound { store throws(StoreError) in try await store.perform(request) }
    }

    public func products(for identifiers: [String]) async throws(StoreError) -> [Product] {
        try await bound { store throws(StoreError) in try await store.products(for: identifiers) }
    }

    public func allProducts() async throws(StoreError) -> [Product] {
        try await bound { store throws(StoreError) in try await store.allProducts() }
    }

    public func paymentSheet(for productID: String, options: [PurchaseOption]) async throws(StoreError)
        -> PaymentSheet?
    {
        try await bound { store throws(StoreError) in
            try await store.paymentSheet(for: productID, options: options)
        }
    }

    public func updates() async -> AsyncStream<VerificationResult<Transaction>> {
        await bound { store in await store.updates() }
    }

    public func messages() async -> AsyncStream<StoreMessage> {
        await bound { store in await store.messages() }
    }

    public func currentEntitlements() async throws(StoreError) -> [VerificationResult<Transaction>] {
        try await bound { store throws(StoreError) in try await store.currentEntitlements() }
    }

    public func unfinished() async throws(StoreError) -> [VerificationResult<Transaction>] {
        try await bound { store throws(StoreError) in try await store.unfinished() }
    }

    public func all() async throws(StoreError) -> [VerificationResult<Transaction>] {
        try await bound { store throws(StoreError) in try await store.all() }
    }

    public func latest(for productID: String) async throws(StoreError) -> VerificationResult<Transaction>? {
        // The store's answer while it still holds, without waiting for a turn of the store.
        if let account, let remembered = store.rememberedLatest(account: account, productID: productID) {
            return remembered
        }
        return try await bound { store throws(StoreError) in try await store.latest(for: productID) }
    }

    public func subscriptionStatuses(for groupID: String) async throws(StoreError) -> [SubscriptionStatus] {
        try await bound { store throws(StoreError) in try await store.subscriptionStatuses(for: groupID) }
    }

    public func isEligibleForIntroOffer(groupID: String) async throws(StoreError) -> Bool {
        try await bound { store throws(StoreError) in
            try await store.isEligibleForIntroOffer(groupID: groupID)
        }
    }

    public func appTransaction() async throws(StoreError) -> VerificationResult<AppTransaction> {
        try await bound { store throws(StoreError) in try await store.appTransaction() }
    }

    public func storefront() async throws(StoreError) -> Storefront {
        try await bound { store throws(StoreError) in try await store.storefront() }
    }
}

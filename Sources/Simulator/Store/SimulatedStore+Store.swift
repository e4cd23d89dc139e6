import Foundation
import StoreCore

extension SimulatedStore: Store {
    public func products(for identifiers: [String]) async throws(StoreError) -> [Product] {
        try checkSimulatedError(.loadProducts)
        let table = products.products(storefront: storefrontCode)
        return identifiers.compactMap { table[$0] }
    }

    public func allProducts() async throws(StoreError) -> [Product] {
        try checkSimulatedError(.loadProducts)
        return products.allProducts(storefront: storefrontCode)
    }

    public func paymentSheet(for productID: String, options: [PurchaseOption]) async throws(StoreError)
        -> PaymentSheet?
    {
        guard !state.meta.settings.disableDialogs else { return nil }
        let request = try PurchaseRequest(productID: productID, options: options)
        let account = activeAccount
        return try runAction { action throws(StoreError) in
            try action.paymentSheet(for: request, account: account)
        }
    }

    public func updates() async -> AsyncStream<VerificationResult<Transaction>> {
        let account = activeAccount
        let (stream, continuation) = watch(\.updates, account: account)
        catchUpBeforeStreaming("Transaction.updates")
        // Unfinished transactions come again every time the app starts listening.
        for stored in holdings.visibleTransactions(of: account) where !stored.isFinished {
            continuation.yield(reader.streamed(stored))
        }
        startClock()
        return stream
    }

    public func messages() async -> AsyncStream<StoreMessage> {
        let account = activeAccount
        let (stream, continuation) = watch(\.messages, account: account)
        catchUpBeforeStreaming("Message.messages")
        // Messages that came while no app listened wait for the next listener, as StoreKit's do.
        for message in takePendingMessages(of: account) { continuation.yield(message) }
        return stream
    }

    public func currentEntitlements() async throws(StoreError) -> [VerificationResult<Transaction>] {
        try catchUp()
        let reader = self.reader
        return try reader.results(reader.holdings.entitlements(of: activeAccount))
    }

    public func unfinished() async throws(StoreError) -> [VerificationResult<Transaction>] {
        try catchUp()
        return try reader.unfinished(of: activeAccount)
    }

    public func all() async throws(StoreError) -> [VerificationResult<Transaction>] {
        try catchUp()
        let reader = self.reader
        return try reader.results(reader.holdings.historyTransactions(of: activeAccount))
    }

    public func latest(for productID: String) async throws(StoreError) -> VerificationResult<Transaction>? {
        try catchUp()
        let account = activeAccount
        let answer = try reader.latest(of: account, productID: productID)
        latestReads.remember(
            answer, account: account, productID: productID, clock: state.meta.clock,
            dueAt: state.earliestDue())
        return answer
    }

    /// The answer `latest(for:)` gave `account` for `productID`, if it still holds; nil when
    /// the store must be asked (from any thread, without a turn of the store).
    public nonisolated func rememberedLatest(account: AccountName, productID: String) -> VerificationResult<
        Transaction
    >?? {
        latestReads.answer(
            account: account, productID: productID, wall: wallClock(),
            latestSigningDate: signer.latestSigningDate)
    }

    public func subscriptionStatuses(for groupID: String) async throws(StoreError) -> [SubscriptionStatus] {
        try checkSimulatedError(.subscriptionStatus)
        try catchUp()
        return try reader.subscriptionStatuses(of: activeAccount, groupID: groupID)
    }

    public func isEligibleForIntroOffer(groupID: String) async throws(StoreError) -> Bool {
        let account = activeAccount
        return try runAction { action in
            action.isEligibleForIntroOffer(account: account, groupID: groupID)
        }
    }

    public func appTransaction() async throws(StoreError) -> VerificationResult<AppTransaction> {
        try checkSimulatedError(.appTransaction)
        return try reader.appTransaction(of: activeAccount)
    }

    public func storefront() async throws(StoreError) -> Storefront {
        Storefront(alpha3: storefrontCode) ?? .unitedStates
    }

    var storefrontCode: String {
        state.account(activeAccount)?.account.storefront ?? state.meta.settings.storefront
    }
}

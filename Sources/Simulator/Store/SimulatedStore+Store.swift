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
            let product = try action.product(productID, for: account)
            // Resolve without keeping anything: the sheet only shows which offer applies. An
            // offer refused here shows none; the purchase itself then throws the refusal.
            var preview = action
            let offer = try? preview.resolveOffer(
                for: request, product: product, account: account, checker: nil)
            return PaymentSheet(
                product: product, account: account, quantity: request.quantity, offer: offer ?? nil)
        }
    }

    /// The first outcome of a key, after checking the request is the same one (else 422).
    func replay(_ record: IdempotencyRecord, for request: PurchaseRequest) throws(StoreError)
        -> PurchaseResult
    {
        try checkSameRequest(record, request, key: record.key)
        switch record.outcome {
        case .userCancelled: return .userCancelled
        case .pending:
            guard let id = record.transactionID else {
                throw StoreError.backend(
                    "idempotency record '\(record.key)' of a pending purchase has no transaction")
            }
            return .pending(transactionID: id)
        case .success:
            guard let id = record.transactionID, let stored = state.transaction(id) else {
                try checkReads()
                throw StoreError.backend("idempotency record points at a missing transaction")
            }
            return .success(try result(for: stored))
        }
    }

    public func updates() async -> AsyncStream<VerificationResult<Transaction>> {
        let (stream, continuation) = AsyncStream.makeStream(of: VerificationResult<Transaction>.self)
        let id = UUID()
        let account = activeAccount
        updateWatchers[id] = (account, continuation)
        continuation.onTermination = { [weak self] _ in Task { await self?.stopWatching(id) } }
        catchUpBeforeStreaming("Transaction.updates")
        // Unfinished transactions come again every time the app starts listening.
        for stored in visibleTransactions(of: account) where !stored.isFinished {
            continuation.yield(streamed(stored))
        }
        startClock()
        return stream
    }

    public func messages() async -> AsyncStream<StoreMessage> {
        let (stream, continuation) = AsyncStream.makeStream(of: StoreMessage.self)
        let id = UUID()
        let account = activeAccount
        messageWatchers[id] = (account, continuation)
        continuation.onTermination = { [weak self] _ in Task { await self?.stopWatching(id) } }
        catchUpBeforeStreaming("Message.messages")
        // Messages that came while no app listened wait for the next listener, as StoreKit's do.
        for message in takePendingMessages(of: account) { continuation.yield(message) }
        return stream
    }

    public func currentEntitlements() async throws(StoreError) -> [VerificationResult<Transaction>] {
        try catchUp()
        let entitled = entitlements(of: activeAccount)
        try checkReads()
        return try entitled.map { stored throws(StoreError) in try result(for: stored) }
    }

    public func unfinished() async throws(StoreError) -> [VerificationResult<Transaction>] {
        try catchUp()
        return try visibleTransactions(of: activeAccount).filter { !$0.isFinished }.map {
            stored throws(StoreError) in
            try result(for: stored)
        }
    }

    public func all() async throws(StoreError) -> [VerificationResult<Transaction>] {
        try catchUp()
        let history = historyTransactions(of: activeAccount)
        try checkReads()
        return try history.map { stored throws(StoreError) in try result(for: stored) }
    }

    public func latest(for productID: String) async throws(StoreError) -> VerificationResult<Transaction>? {
        try catchUp()
        let account = activeAccount
        let answer = try historyTransactions(of: account).last(where: {
            $0.transaction.productID == productID
        })
        .map { stored throws(StoreError) in try result(for: stored) }
        try checkReads()
        latestReads.remember(
            answer, account: account, productID: productID, clock: state.meta.clock,
            dueAt: state.earliestDue())
        return answer
    }

    /// The answer `latest(for:)` gave `account` for `productID`, if it still holds; nil when
    /// the store must be asked (from any thread, without a turn of the store).
    public nonisolated func rememberedLatest(account: String, productID: String) -> VerificationResult<
        Transaction
    >?? {
        latestReads.answer(
            account: account, productID: productID, wall: wallClock(),
            latestSigningDate: signer.latestSigningDate)
    }

    public func subscriptionStatuses(for groupID: String) async throws(StoreError) -> [SubscriptionStatus] {
        try checkSimulatedError(.subscriptionStatus)
        try catchUp()
        let account = activeAccount
        // The account's own subscription and any a family member shares with it, each with
        // its own original ID and renewal info (Family Sharing, docs/behaviour.md).
        var statuses: [SubscriptionStatus] = []
        for chain in heldChains(of: account) where chain.key.groupID == groupID {
            guard let latest = state.transaction(chain.latestTransactionID) else { continue }
            statuses.append(
                SubscriptionStatus(
                    state: chain.state(at: currentTime, latestRevoked: latest.transaction.isRevoked),
                    transaction: try result(for: latest), renewalInfo: try signedRenewalInfo(for: chain)))
        }
        return statuses
    }

    public func isEligibleForIntroOffer(groupID: String) async throws(StoreError) -> Bool {
        let account = activeAccount
        return try runAction { action in
            action.isEligibleForIntroOffer(account: account, groupID: groupID)
        }
    }

    public func appTransaction() async throws(StoreError) -> VerificationResult<AppTransaction> {
        try checkSimulatedError(.appTransaction)
        guard let record = state.account(activeAccount) else {
            try checkReads()
            throw StoreError.accountNotFound(activeAccount)
        }
        let identity = state.meta.identity
        let app = AppTransaction(
            appTransactionID: record.appTransactionID, appID: identity.appAppleID,
            bundleID: identity.bundleID,
            appVersion: identity.appVersion, originalAppVersion: identity.appVersion,
            originalPurchaseDate: record.createdAt, signedDate: currentTime, environment: identity.environment
        )
        do {
            return verdict(app, jws: try signer.sign(app))
        } catch {
            throw StoreError.backend("could not sign the app transaction: \(error)")
        }
    }

    public func storefront() async throws(StoreError) -> Storefront {
        Storefront(alpha3: storefrontCode) ?? .unitedStates
    }

    var storefrontCode: String {
        state.account(activeAccount)?.account.storefront ?? state.meta.settings.storefront
    }
}

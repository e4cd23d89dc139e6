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
            // Resolve without keeping anything: the sheet only shows which offer applies.
            var preview = action
            let offer = try? preview.resolveOffer(
                for: request, product: product, account: account, checker: nil)
            return PaymentSheet(
                product: product, account: account, quantity: request.quantity, offer: offer ?? nil)
        }
    }

    func purchase(_ productID: String, options: [PurchaseOption], confirmation: PurchaseConfirmation)
        async throws(StoreError) -> PurchaseResult
    {
        try checkSimulatedError(.purchase)
        let request = try PurchaseRequest(productID: productID, options: options)
        let account = activeAccount
        if let earlier = earlierPurchase(request, account: account) {
            return try replay(earlier, for: request)
        }
        if !state.meta.settings.disableDialogs {
            switch confirmation {
            case .confirm: break
            case .cancel: return .userCancelled
            case .ask(let ask):
                guard let sheet = try await paymentSheet(for: productID, options: options) else { break }
                guard await ask(sheet) else { return .userCancelled }
            }
        }
        let checker = offerChecker
        let outcome = try runAction { action throws(StoreError) -> PurchaseOutcome? in
            // Another purchase with the same key may have committed while this one waited for
            // the sheet: the check before the await alone would let both commit.
            guard earlierPurchase(request, account: account) == nil else { return nil }
            let outcome = try action.purchase(request, account: account, origin: .app, checker: checker)
            if let key = request.idempotencyKey {
                let token = request.appAccountToken.map(IdempotencyRecord.RequestedToken.token) ?? .absent
                switch outcome {
                case .purchased(let id):
                    action.record(
                        IdempotencyRecord(
                            account: account, key: key, transactionID: id, outcome: .success,
                            requestedToken: token))
                case .pending(let id):
                    action.record(
                        IdempotencyRecord(
                            account: account, key: key, transactionID: id, outcome: .pending,
                            requestedToken: token))
                }
            }
            return outcome
        }
        switch outcome {
        case .purchased(let id): return .success(try result(for: try committed(id)))
        case .pending(let id): return .pending(transactionID: id)
        case nil:
            // The action stopped because an earlier purchase holds the key: answer as it did.
            guard let earlier = earlierPurchase(request, account: account) else {
                throw StoreError.backend(
                    "the purchase of \(productID) was neither made nor found under its key")
            }
            return try replay(earlier, for: request)
        }
    }

    /// The recorded outcome of an earlier purchase with the request's idempotency key, if any.
    private func earlierPurchase(_ request: PurchaseRequest, account: String) -> IdempotencyRecord? {
        request.idempotencyKey.flatMap { state.idempotency(IdempotencyKey(account: account, key: $0)) }
    }

    /// The first outcome of a key, after checking the request is the same one (else 422).
    private func replay(_ record: IdempotencyRecord, for request: PurchaseRequest) throws(StoreError)
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
        try? catchUp()
        // Unfinished transactions come again every time the app starts listening.
        for stored in visibleTransactions(of: account) where !stored.isFinished {
            if let result = try? result(for: stored) { continuation.yield(result) }
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
        try? catchUp()
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

    func finish(_ transactionID: UInt64) async throws(StoreError) {
        let account = activeAccount
        try runAction { action throws(StoreError) in try action.finish(transactionID, account: account)
        }
    }

    func sync() async throws(StoreError) {
        try checkSimulatedError(.appStoreSync)
        try catchUp()
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

    func redeemOfferCode(_ code: String) async throws(StoreError) -> PurchaseResult {
        try checkSimulatedError(.offerCodeRedeem)
        let account = activeAccount
        let id = try runAction { action throws(StoreError) in
            try action.redeem(code: code, account: account)
        }
        return .success(try result(for: try committed(id)))
    }

    func requestRefund(for transactionID: UInt64, reason: Transaction.RevocationReason)
        async throws(StoreError) -> RefundRequestStatus
    {
        try checkSimulatedError(.refundRequest)
        let account = activeAccount
        try runAction { action throws(StoreError) in
            try action.refund(transactionID, reason: reason, account: account)
        }
        return .success
    }

    func showManageSubscriptions() async throws(StoreError) {
        try checkSimulatedError(.manageSubscriptions)
    }

    public func storefront() async throws(StoreError) -> Storefront {
        Storefront(alpha3: storefrontCode) ?? .unitedStates
    }

    var storefrontCode: String {
        state.account(activeAccount)?.account.storefront ?? state.meta.settings.storefront
    }
}

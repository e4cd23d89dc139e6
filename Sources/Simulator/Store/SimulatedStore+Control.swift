import Foundation
import StoreCore

extension SimulatedStore: StoreControl {
    public func accounts() async throws(StoreError) -> [StoreAccount] {
        let accounts = state.storeAccounts().sorted { $0.name < $1.name }
        try checkReads()
        return accounts
    }

    func addAccount(_ account: StoreAccount) async throws(StoreError) {
        let name = account.name.trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty, name.count <= 64 else {
            throw StoreError.invalidArgument(
                "an account name needs 1 to 64 characters, got '\(account.name)'")
        }
        guard Storefront(alpha3: account.storefront) != nil else {
            throw StoreError.invalidArgument(
                "unknown storefront '\(account.storefront)': use an ISO 3166-1 alpha-3 code such as USA, GBR, JPN"
            )
        }
        var account = account
        account.name = name
        account.storefront = account.storefront.uppercased()
        try runAction { action in
            if var existing = action.account(name) {
                existing.account = account
                action.put(existing)
            } else {
                action.put(Self.newAccount(account, at: action.now))
            }
            action.announce(.event(account: nil, .stateChanged))
        }
    }

    /// Whether an account with this name exists (a constant-time check for servers).
    public func hasAccount(_ name: String) -> Bool {
        guard state.account(name) != nil else { return false }
        knownAccounts.insert(name)
        return true
    }

    /// Whether `name` is known to exist, from any thread without a turn of the store; false
    /// means "ask `hasAccount`", not "missing".
    public nonisolated func isKnownAccount(_ name: String) -> Bool { knownAccounts.contains(name) }

    public func currentAccount() async throws(StoreError) -> StoreAccount {
        guard let record = state.account(activeAccount) else {
            try checkReads()
            throw StoreError.accountNotFound(activeAccount)
        }
        return record.account
    }

    public func switchAccount(to name: String) async throws(StoreError) {
        guard state.account(name) != nil else {
            try checkReads()
            throw StoreError.accountNotFound(name)
        }
        selectedAccount = name
    }

    public func transactionRecords() async throws(StoreError) -> [TransactionRecord] {
        try transactionRecords(limit: Int.max).records
    }

    /// The account's newest `limit` records, and how many it has: only those shown are
    /// made into records (each checks its signature and reads its subscription's state).
    func transactionRecords(limit: Int) throws(StoreError) -> (records: [TransactionRecord], count: Int) {
        try catchUp()
        let account = activeAccount
        let (page, count) = state.newestTransactions(of: account, limit: limit)
        try checkReads()
        var records: [TransactionRecord] = []
        records.reserveCapacity(page.count)
        for stored in page {
            let id = stored.id
            let transaction: VerificationResult<Transaction> =
                stored.isVisible
                ? try result(for: stored)
                : .unverified(
                    stored.transaction, .missingRequiredProperties(reason: "not completed yet"), jws: "")
            let chain = chain(of: stored.transaction, account: account)
            var pendingIncrease = false
            if case .pending = chain?.priceIncrease { pendingIncrease = true }
            records.append(
                TransactionRecord(
                    transaction: transaction, state: recordState(stored), isFinished: stored.isFinished,
                    renewalInfo: chain.map(renewalInfo(for:)), isPendingPriceIncreaseConsent: pendingIncrease,
                    refundRequest: state.account(account)?.refundRequests?.last { $0.transactionID == id }))
        }
        return (records, count)
    }

    func approveAskToBuy(_ transactionID: UInt64) async throws(StoreError) {
        try act { action, account throws(StoreError) in
            try action.approveAskToBuy(transactionID, account: account)
        }
    }

    func declineAskToBuy(_ transactionID: UInt64) async throws(StoreError) {
        try act { action, account throws(StoreError) in
            try action.declineAskToBuy(transactionID, account: account)
        }
    }

    func refund(_ transactionID: UInt64, reason: Transaction.RevocationReason, percentage: Int)
        async throws(StoreError)
    {
        try act { action, account throws(StoreError) in
            try action.refund(transactionID, reason: reason, percentage: percentage, account: account)
        }
    }

    func openRefundRequest(_ transactionID: UInt64, reason: ConsumptionRequestReason)
        async throws(StoreError)
    {
        try act { action, account throws(StoreError) in
            try action.openRefundRequest(transactionID, reason: reason, account: account)
        }
    }

    func grantRefundRequest(_ transactionID: UInt64, percentage: Int) async throws(StoreError) {
        try act { action, account throws(StoreError) in
            try action.grantRefundRequest(transactionID, percentage: percentage, account: account)
        }
    }

    func declineRefundRequest(_ transactionID: UInt64) async throws(StoreError) {
        try act { action, account throws(StoreError) in
            try action.declineRefundRequest(transactionID, account: account)
        }
    }

    func reverseRefund(_ transactionID: UInt64) async throws(StoreError) {
        try act { action, account throws(StoreError) in
            try action.reverseRefund(transactionID, account: account)
        }
    }

    func expireSubscription(productID: String) async throws(StoreError) {
        try act { action, account throws(StoreError) in
            try action.expireSubscription(productID: productID, account: account)
        }
    }

    func forceRenewal(productID: String) async throws(StoreError) {
        try act { action, account throws(StoreError) in
            try action.forceRenewal(productID: productID, account: account)
        }
    }

    func setAutoRenew(_ isEnabled: Bool, transactionID: UInt64) async throws(StoreError) {
        try act { action, account throws(StoreError) in
            try action.setAutoRenew(isEnabled, transactionID: transactionID, account: account)
        }
    }

    func requestPriceIncreaseConsent(transactionID: UInt64) async throws(StoreError) {
        try act { action, account throws(StoreError) in
            try action.requestPriceIncreaseConsent(transactionID: transactionID, account: account)
        }
    }

    func respondToPriceIncrease(transactionID: UInt64, accept: Bool) async throws(StoreError) {
        try act { action, account throws(StoreError) in
            try action.respondToPriceIncrease(
                transactionID: transactionID, accept: accept, account: account)
        }
    }

    func resolveIssue(transactionID: UInt64) async throws(StoreError) {
        try act { action, account throws(StoreError) in
            try action.resolveIssue(transactionID, account: account)
        }
    }

    func deleteTransaction(_ transactionID: UInt64) async throws(StoreError) {
        try act { action, account throws(StoreError) in
            try action.deleteTransaction(transactionID, account: account)
        }
    }

    func clearTransactions() async throws(StoreError) {
        try act { action, account throws(StoreError) in try action.clearTransactions(account: account)
        }
    }

    func resetToDefaultState() async throws(StoreError) {
        let catalog = products.catalog
        try runAction { action in
            let accounts = Set(state.allAccounts().map(\.account.name)).union([activeAccount]).compactMap(
                action.account)
            var meta = action.meta
            meta.settings = catalog.defaultSettings
            meta.simulatedErrors = Self.codes(catalog.defaultSimulatedErrors)
            meta.clock = VirtualClock(
                start: wallClock(), wall: wallClock(), rate: catalog.defaultSettings.timeRate,
                isFrozen: meta.clock.isFrozen)
            action.wipe()
            action.setMeta(meta)
            for record in accounts { action.put(Self.newAccount(record.account, at: action.now)) }
            action.announce(.event(account: nil, .stateChanged))
        }
        products.setLocale(state.meta.settings.locale)
    }

    func buyOffDevice(_ productID: String, options: [PurchaseOption]) async throws(StoreError)
        -> Transaction
    {
        let request = try PurchaseRequest(productID: productID, options: options)
        let checker = offerChecker
        let outcome = try act { action, account throws(StoreError) in
            try action.purchase(request, account: account, origin: .offDevice, checker: checker)
        }
        guard case .purchased(let id) = outcome, let stored = state.transaction(id) else {
            throw StoreError.backend("an off-device purchase did not complete")
        }
        return stored.transaction
    }

    public func now() async throws(StoreError) -> Date { currentTime }

    func advanceClock(by interval: TimeInterval) async throws(StoreError) -> Date {
        guard interval >= 0, interval.isFinite else {
            throw StoreError.invalidArgument(
                "the clock only moves forward: \(interval) seconds is not allowed")
        }
        let latest = signer.latestSigningDate
        guard interval <= latest.timeIntervalSince(currentTime) else {
            let room = max(0, latest.timeIntervalSince(currentTime))
            throw StoreError.invalidArgument(
                "advancing \(interval) seconds would pass \(latest.formatted(.iso8601)), the last date this "
                    + "store's certificate authority can sign; advance at most \(Int64(room)) seconds")
        }
        let target = currentTime.addingTimeInterval(interval)
        // The journal's line says how far and to when ("Clock advanced 30 days to 2027-02-06 10:00").
        _ = try runAction { action in
            var meta = action.meta
            meta.clock.advance(by: interval, wall: wallClock())
            action.setMeta(meta)
            return JournalWords(StoreOperation.advanceClock(seconds: interval).outcome(.clock(target)))
        }
        try catchUp()
        announceEverywhere(.clockChanged(currentTime))
        return currentTime
    }

    /// Moves the clock to the chain's `count`-th next event in one advance. Where that is, and
    /// whether the store can sign that far, is found first on an action that is dropped, so a
    /// refused advance moves nothing (issue 22).
    func advanceClock(periods count: Int, groupID: String) async throws(StoreError) -> Date {
        guard (1...StoreOperation.maximumPeriods).contains(count) else {
            throw StoreError.invalidArgument(
                "advance by 1 to \(StoreOperation.maximumPeriods) periods at a time, not \(count)")
        }
        // What is due by now runs first, so the projection starts from the chain as it is.
        try catchUp()
        let key = SubscriptionChain.Key(account: activeAccount, groupID: groupID)
        guard state.chain(key) != nil else {
            try checkReads()
            throw StoreError.invalidAction(
                "account '\(activeAccount)' has no subscription in group \(groupID)")
        }
        var projection = StagedAction(base: state, signer: signer, products: products, now: currentTime)
        let dues = try projection.dueDates(of: key, count: count)
        try checkReads()
        guard let target = dues.last else { return currentTime }
        let latest = signer.latestSigningDate
        guard target <= latest else {
            throw StoreError.invalidArgument(
                "advancing \(count) periods of group \(groupID) would reach \(target.formatted(.iso8601)), past "
                    + "\(latest.formatted(.iso8601)), the last date this store's certificate authority can sign; "
                    + "advance at most \(dues.prefix { $0 <= latest }.count) periods")
        }
        return try await advanceClock(by: max(0, target.timeIntervalSince(currentTime)))
    }

    public func settings() async throws(StoreError) -> StoreSettings {
        var settings = state.meta.settings
        settings.storefront = storefrontCode
        return settings
    }

    func apply(_ setting: StoreSetting) async throws(StoreError) {
        if case .storefront(let code) = setting, Storefront(alpha3: code) == nil {
            throw StoreError.invalidArgument(
                "unknown storefront '\(code)': use an ISO 3166-1 alpha-3 code such as USA, GBR, JPN")
        }
        if case .billingGracePeriodDays(let days) = setting, !StoreSettings.gracePeriodChoices.contains(days)
        {
            throw StoreError.invalidArgument(
                "a billing grace period lasts 3, 16 or 28 days (App Store Connect's choices), not \(days)")
        }
        let account = activeAccount
        try runAction { action in
            var meta = action.meta
            meta.settings = meta.settings.applying(setting)
            switch setting {
            case .timeRate(let rate): meta.clock.setRate(rate, wall: wallClock())
            case .storefront(let code):
                meta.settings.storefront = code.uppercased()
                if var record = action.account(account) {
                    record.account.storefront = code.uppercased()
                    action.put(record)
                }
            default: break
            }
            action.setMeta(meta)
            action.announce(.event(account: nil, .stateChanged))
        }
        products.setLocale(state.meta.settings.locale)
        restartClock()
    }

    func setSimulatedError(_ failure: SimulatedFailure?, for api: FailableAPI) async throws(StoreError) {
        if let failure, !api.accepts(failure) {
            throw StoreError.invalidArgument("\(api.rawValue) cannot fail with \(failure)")
        }
        try runAction { action in
            var meta = action.meta
            meta.simulatedErrors[api.key] = failure?.code
            action.setMeta(meta)
            action.announce(.event(account: nil, .stateChanged))
        }
    }

    public func simulatedErrors() async throws(StoreError) -> [FailableAPI: SimulatedFailure] {
        state.meta.failures
    }

    public func events() async -> AsyncStream<StoreEvent> {
        let (stream, continuation) = AsyncStream.makeStream(of: StoreEvent.self)
        let id = UUID()
        eventWatchers[id] = (activeAccount, continuation)
        continuation.onTermination = { [weak self] _ in Task { await self?.stopWatching(id) } }
        startClock()
        return stream
    }

    /// Runs a Transaction Manager action for the active account.
    @discardableResult
    private func act<T>(_ body: (inout StagedAction, String) throws(StoreError) -> T) throws(StoreError) -> T
    {
        let account = activeAccount
        return try runAction { action throws(StoreError) in try body(&action, account) }
    }
}

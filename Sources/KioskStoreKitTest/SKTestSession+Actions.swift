import Foundation
import KioskStoreKit
import Simulator
import StoreCore

/// The Transaction Manager's actions, with StoreKitTest's names.
extension SKTestSession {
    /// Deletes every transaction of the account.
    public func clearTransactions() async throws {
        try await control { store throws(StoreError) in try await store.clearTransactions() }
    }

    /// Settings, errors and clock back to the configuration file's, every transaction deleted.
    public func resetToDefaultState() async throws {
        try await control { store throws(StoreError) in try await store.resetToDefaultState() }
    }

    /// Every transaction of the account, newest first, as the Transaction Manager lists them.
    public func allTransactions() async throws -> [SKTestTransaction] {
        try await control { store throws(StoreError) in try await store.transactionRecords() }.map(
            SKTestTransaction.init)
    }

    /// A purchase made outside the app (on another device, or in Xcode): the app hears of it
    /// through `Transaction.updates`.
    @discardableResult
    public func buyProduct(
        identifier productID: String, options: Set<KioskStoreKit.Product.PurchaseOption> = []
    ) async throws
        -> KioskStoreKit.Transaction
    {
        let core = options.map { $0.coreOption }
        let transaction = try await control { store throws(StoreError) in
            try await store.buyOffDevice(productID, options: core)
        }
        let records = try await control { store throws(StoreError) in try await store.transactionRecords() }
        guard let record = records.first(where: { $0.id == transaction.id }) else {
            throw SKTestError(.noTransactionFound, "the purchase of \(productID) made no transaction")
        }
        return try KioskStoreKit.Transaction.from(record.transaction)
    }

    /// Apple's older spelling of `buyProduct(identifier:options:)`.
    public func buyProduct(productIdentifier: String) async throws {
        _ = try await buyProduct(identifier: productIdentifier, options: [])
    }

    public func approveAskToBuyTransaction(identifier: Int) async throws {
        let id = try transactionID(identifier)
        try await control { store throws(StoreError) in try await store.approveAskToBuy(id) }
    }

    public func declineAskToBuyTransaction(identifier: Int) async throws {
        let id = try transactionID(identifier)
        try await control { store throws(StoreError) in try await store.declineAskToBuy(id) }
    }

    /// Refunds at once, as Xcode does (reason "other").
    public func refundTransaction(identifier: Int) async throws {
        let id = try transactionID(identifier)
        try await control { store throws(StoreError) in try await store.refund(id, reason: .other) }
    }

    public func expireSubscription(productIdentifier: String) async throws {
        try await control { store throws(StoreError) in
            try await store.expireSubscription(productID: productIdentifier)
        }
    }

    public func forceRenewalOfSubscription(productIdentifier: String) async throws {
        try await control { store throws(StoreError) in
            try await store.forceRenewal(productID: productIdentifier)
        }
    }

    public func enableAutoRenewForTransaction(identifier: Int) async throws {
        let id = try transactionID(identifier)
        try await control { store throws(StoreError) in try await store.setAutoRenew(true, transactionID: id)
        }
    }

    public func disableAutoRenewForTransaction(identifier: Int) async throws {
        let id = try transactionID(identifier)
        try await control { store throws(StoreError) in try await store.setAutoRenew(false, transactionID: id)
        }
    }

    public func requestPriceIncreaseConsentForTransaction(identifier: Int) async throws {
        let id = try transactionID(identifier)
        try await control { store throws(StoreError) in
            try await store.requestPriceIncreaseConsent(transactionID: id)
        }
    }

    public func consentToPriceIncreaseForTransaction(identifier: Int) async throws {
        let id = try transactionID(identifier)
        try await control { store throws(StoreError) in
            try await store.respondToPriceIncrease(transactionID: id, accept: true)
        }
    }

    public func declinePriceIncreaseForTransaction(identifier: Int) async throws {
        let id = try transactionID(identifier)
        try await control { store throws(StoreError) in
            try await store.respondToPriceIncrease(transactionID: id, accept: false)
        }
    }

    /// Resolves an interrupted purchase or a billing issue.
    public func resolveIssueForTransaction(identifier: Int) async throws {
        let id = try transactionID(identifier)
        try await control { store throws(StoreError) in try await store.resolveIssue(transactionID: id) }
    }

    public func deleteTransaction(identifier: Int) async throws {
        let id = try transactionID(identifier)
        try await control { store throws(StoreError) in try await store.deleteTransaction(id) }
    }

    /// Makes a StoreKit API fail with `error`, or succeed again with nil.
    public func setSimulatedError(_ error: SKTestFailure?, forAPI api: StoreKitAPI) async throws {
        guard error.map({ api.core.accepts($0.core) }) ?? true else {
            throw SKTestError(.invalidAction, "\(api) cannot fail with \(error.map { "\($0)" } ?? "nil")")
        }
        try await control { store throws(StoreError) in
            try await store.setSimulatedError(error?.core, for: api.core)
        }
    }

    /// The failure set for an API, if any.
    public func simulatedError(forAPI api: StoreKitAPI) async -> SKTestFailure? {
        // Apple's call cannot throw: a store that cannot be read answers no failure, reported.
        let errors: [FailableAPI: SimulatedFailure]?
        do {
            errors = try await control { store throws(StoreError) in try await store.simulatedErrors() }
        } catch {
            StoreKitRuntime.shared.report(error)
            errors = nil
        }
        return errors?[api.core].map(SKTestFailure.init)
    }

    // MARK: Beyond Apple

    /// Moves the store's clock forward, running every renewal, retry, grace period and expiry on
    /// the way; the app hears of them through `Transaction.updates`. Nothing else moves time.
    @discardableResult
    public func advance(by interval: TimeInterval) async throws -> Date {
        guard interval >= 0, interval.isFinite else {
            throw SKTestError(
                .invalidAction, "advance(by: \(interval)): time only moves forward, by a finite interval")
        }
        return try await control { store throws(StoreError) in try await store.advanceClock(by: interval) }
    }

    /// The store's clock.
    public func now() async throws -> Date {
        try await control { store throws(StoreError) in try await store.now() }
    }

    /// Waits until every update the store has committed reached the app's `Transaction.updates`
    /// listeners and each listener finished handling it (it waits for the next one): what a
    /// test does after an approval or a renewal instead of sleeping.
    public func waitForPendingUpdates() async {
        do {
            try await binding.prepare()
        } catch {
            // It cannot throw (a wait, like Apple's): a setting that failed to apply is reported.
            StoreKitRuntime.shared.report(error)
        }
        await binding.hub.waitUntilHandled()
    }

    /// Waits until the app's `Transaction.updates` listener is running and has handled the
    /// unfinished transactions it starts with. An app starts its listener in a task (Apple's
    /// sample detaches it), which runs when the system gets to it: a test that depends on the
    /// listener being there (before a purchase, before an approval) says so with this.
    /// - Throws: `SKTestError` `.invalidAction` when no listener started within `timeout`.
    public func waitForTransactionListener(timeout: Duration = .seconds(10)) async throws {
        do {
            try await binding.prepare()
        } catch {
            throw SKTestError(error)
        }
        guard await binding.hub.waitForListener(timeout: timeout) else {
            throw SKTestError(
                .invalidAction,
                "no Transaction.updates listener started within \(timeout): start one when the app launches")
        }
    }

    /// The mistakes the app's code made so far in this session (docs/your-code.md), with every
    /// transaction it was given and has not finished.
    public var mistakes: [StoreKitMistake] {
        get async {
            await waitForPendingUpdates()
            // A property cannot throw: unread, the store's unfinished ones are reported, not guessed.
            var unfinished: Set<UInt64> = []
            do {
                unfinished = Set(try await store.unfinished().map { $0.unsafePayloadValue.id })
            } catch {
                StoreKitRuntime.shared.report(error)
            }
            return await binding.watcher.mistakes(unfinishedInStore: unfinished)
        }
    }
}

import Foundation
import KioskStoreKit
import Simulator
import StoreCore
import Synchronization

/// The Transaction Manager's actions, with StoreKitTest's declarations
/// (developer.apple.com/documentation/storekittest/sktestsession): synchronous where Apple's
/// are, `throws` where Apple's throw. Each identifier-taking action accepts the `Int` Apple's
/// pages print and the `UInt` (`NSUInteger`) its compiled SDK takes.
extension SKTestSession {
    /// Deletes every transaction of the account: Apple's `func clearTransactions()`. It cannot
    /// throw: a store that failed is reported on standard error.
    public func clearTransactions() {
        blockingReporting("clearTransactions()", fallback: ()) { store throws(StoreError) in
            try await store.clearTransactions()
        }
    }

    /// Settings, errors and clock back to the configuration file's, every transaction deleted:
    /// Apple's `func resetToDefaultState()`.
    public func resetToDefaultState() {
        properties.withLock { $0 = defaults }
        refundRequestFailure.withLock { $0 = nil }
        blockingReporting("resetToDefaultState()", fallback: ()) { store throws(StoreError) in
            try await store.resetToDefaultState()
        }
    }

    /// Every transaction of the account, newest first, as the Transaction Manager lists them:
    /// Apple's `func allTransactions() -> [SKTestTransaction]`.
    public func allTransactions() -> [SKTestTransaction] {
        blockingReporting("allTransactions()", fallback: []) { store throws(StoreError) in
            try await store.transactionRecords()
        }.map(SKTestTransaction.init)
    }

    /// A purchase made outside the app (on another device, or in Xcode): the app hears of it
    /// through `Transaction.updates`. With `askToBuyEnabled` it waits for approval, as every
    /// purchase does (Apple's `askToBuyEnabled` page: "all purchases"), and the answer is the
    /// transaction `approveAskToBuyTransaction(identifier:)` approves. Apple's
    /// `@discardableResult func buyProduct(identifier: Product.ID, options:
    /// Set<Product.PurchaseOption> = []) async throws -> Transaction`.
    @discardableResult
    public func buyProduct(
        identifier: KioskStoreKit.Product.ID, options: Set<KioskStoreKit.Product.PurchaseOption> = []
    ) async throws -> KioskStoreKit.Transaction {
        let core = options.storeOptions
        let record = try await control { store throws(StoreError) in
            try await Self.boughtRecord(identifier, options: core, in: store)
        }
        return try KioskStoreKit.Transaction.from(record.transaction)
    }

    /// Apple's older `func buyProduct(productIdentifier: String) throws` (deprecated in iOS 17
    /// for `buyProduct(identifier:options:)`).
    public func buyProduct(productIdentifier: String) throws {
        _ = try blocking("buyProduct(productIdentifier: \(productIdentifier))") { store throws(StoreError) in
            try await Self.boughtRecord(productIdentifier, options: [], in: store)
        }
    }

    private static func boughtRecord(
        _ productID: String, options: [StoreCore.PurchaseOption], in store: SimulatedStore
    )
        async throws(StoreError) -> TransactionRecord
    {
        let transaction = try await store.buyOffDevice(productID, options: options)
        guard let record = try await store.transactionRecords().first(where: { $0.id == transaction.id })
        else {
            throw StoreError.transactionNotFound(transaction.id)
        }
        return record
    }

    /// Apple's `func approveAskToBuyTransaction(identifier: Int) throws`.
    public func approveAskToBuyTransaction(identifier: Int) throws {
        try act(on: identifier, "approveAskToBuyTransaction") { store, id throws(StoreError) in
            try await store.approveAskToBuy(id)
        }
    }
    /// `approveAskToBuyTransaction(identifier:)` as Xcode's compiled SDK declares it.
    public func approveAskToBuyTransaction(identifier: UInt) throws {
        try approveAskToBuyTransaction(identifier: try Self.signed(identifier))
    }

    /// Apple's `func declineAskToBuyTransaction(identifier: Int) throws`.
    public func declineAskToBuyTransaction(identifier: Int) throws {
        try act(on: identifier, "declineAskToBuyTransaction") { store, id throws(StoreError) in
            try await store.declineAskToBuy(id)
        }
    }
    /// `declineAskToBuyTransaction(identifier:)` as Xcode's compiled SDK declares it.
    public func declineAskToBuyTransaction(identifier: UInt) throws {
        try declineAskToBuyTransaction(identifier: try Self.signed(identifier))
    }

    /// Refunds at once, as Xcode does (reason "other"): Apple's `func refundTransaction(identifier:
    /// Int) throws`.
    public func refundTransaction(identifier: Int) throws {
        try act(on: identifier, "refundTransaction") { store, id throws(StoreError) in
            try await store.refund(id, reason: .other)
        }
    }
    /// `refundTransaction(identifier:)` as Xcode's compiled SDK declares it.
    public func refundTransaction(identifier: UInt) throws {
        try refundTransaction(identifier: try Self.signed(identifier))
    }

    /// Apple's `func expireSubscription(productIdentifier: String) throws`.
    public func expireSubscription(productIdentifier: String) throws {
        try blocking("expireSubscription(productIdentifier: \(productIdentifier))") {
            store throws(StoreError) in
            try await store.expireSubscription(productID: productIdentifier)
        }
    }

    /// Apple's `func forceRenewalOfSubscription(productIdentifier: String) throws`.
    public func forceRenewalOfSubscription(productIdentifier: String) throws {
        try blocking("forceRenewalOfSubscription(productIdentifier: \(productIdentifier))") {
            store throws(StoreError) in try await store.forceRenewal(productID: productIdentifier)
        }
    }

    /// Apple's `func enableAutoRenewForTransaction(identifier: Int) throws`.
    public func enableAutoRenewForTransaction(identifier: Int) throws {
        try act(on: identifier, "enableAutoRenewForTransaction") { store, id throws(StoreError) in
            try await store.setAutoRenew(true, transactionID: id)
        }
    }
    /// `enableAutoRenewForTransaction(identifier:)` as Xcode's compiled SDK declares it.
    public func enableAutoRenewForTransaction(identifier: UInt) throws {
        try enableAutoRenewForTransaction(identifier: try Self.signed(identifier))
    }

    /// Apple's `func disableAutoRenewForTransaction(identifier: Int) throws`.
    public func disableAutoRenewForTransaction(identifier: Int) throws {
        try act(on: identifier, "disableAutoRenewForTransaction") { store, id throws(StoreError) in
            try await store.setAutoRenew(false, transactionID: id)
        }
    }
    /// `disableAutoRenewForTransaction(identifier:)` as Xcode's compiled SDK declares it.
    public func disableAutoRenewForTransaction(identifier: UInt) throws {
        try disableAutoRenewForTransaction(identifier: try Self.signed(identifier))
    }

    /// Apple's `func requestPriceIncreaseConsentForTransaction(identifier: Int) throws`.
    public func requestPriceIncreaseConsentForTransaction(identifier: Int) throws {
        try act(on: identifier, "requestPriceIncreaseConsentForTransaction") { store, id throws(StoreError) in
            try await store.requestPriceIncreaseConsent(transactionID: id)
        }
    }
    /// `requestPriceIncreaseConsentForTransaction(identifier:)` as Xcode's compiled SDK declares it.
    public func requestPriceIncreaseConsentForTransaction(identifier: UInt) throws {
        try requestPriceIncreaseConsentForTransaction(identifier: try Self.signed(identifier))
    }

    /// Apple's `func consentToPriceIncreaseForTransaction(identifier: Int) throws`.
    public func consentToPriceIncreaseForTransaction(identifier: Int) throws {
        try act(on: identifier, "consentToPriceIncreaseForTransaction") { store, id throws(StoreError) in
            try await store.respondToPriceIncrease(transactionID: id, accept: true)
        }
    }
    /// `consentToPriceIncreaseForTransaction(identifier:)` as Xcode's compiled SDK declares it.
    public func consentToPriceIncreaseForTransaction(identifier: UInt) throws {
        try consentToPriceIncreaseForTransaction(identifier: try Self.signed(identifier))
    }

    /// Apple's `func declinePriceIncreaseForTransaction(identifier: Int) throws`.
    public func declinePriceIncreaseForTransaction(identifier: Int) throws {
        try act(on: identifier, "declinePriceIncreaseForTransaction") { store, id throws(StoreError) in
            try await store.respondToPriceIncrease(transactionID: id, accept: false)
        }
    }
    /// `declinePriceIncreaseForTransaction(identifier:)` as Xcode's compiled SDK declares it.
    public func declinePriceIncreaseForTransaction(identifier: UInt) throws {
        try declinePriceIncreaseForTransaction(identifier: try Self.signed(identifier))
    }

    /// Resolves an interrupted purchase or a billing issue: Apple's
    /// `func resolveIssueForTransaction(identifier: Int) throws`.
    public func resolveIssueForTransaction(identifier: Int) throws {
        try act(on: identifier, "resolveIssueForTransaction") { store, id throws(StoreError) in
            try await store.resolveIssue(transactionID: id)
        }
    }
    /// `resolveIssueForTransaction(identifier:)` as Xcode's compiled SDK declares it.
    public func resolveIssueForTransaction(identifier: UInt) throws {
        try resolveIssueForTransaction(identifier: try Self.signed(identifier))
    }

    /// Apple's `func deleteTransaction(identifier: Int) throws`.
    public func deleteTransaction(identifier: Int) throws {
        try act(on: identifier, "deleteTransaction") { store, id throws(StoreError) in
            try await store.deleteTransaction(id)
        }
    }
    /// `deleteTransaction(identifier:)` as Xcode's compiled SDK declares it.
    public func deleteTransaction(identifier: UInt) throws {
        try deleteTransaction(identifier: try Self.signed(identifier))
    }

    /// A `UInt` identifier as `Int` (a larger one names no transaction the store can make).
    static func signed(_ identifier: UInt) throws(SKTestError) -> Int {
        guard let signed = Int(exactly: identifier) else {
            throw SKTestError(
                .noTransactionFound, "no transaction \(identifier): it is larger than any identifier")
        }
        return signed
    }

    /// One action on a transaction, named for the error if it fails.
    private func act<Identifier: BinaryInteger>(
        on identifier: Identifier, _ name: String,
        _ body: @escaping @Sendable (SimulatedStore, UInt64) async throws(StoreError) -> Void
    ) throws(SKTestError) {
        let id = try transactionID(identifier)
        try blocking("\(name)(identifier: \(identifier))") { store throws(StoreError) in
            try await body(store, id)
        }
    }
}

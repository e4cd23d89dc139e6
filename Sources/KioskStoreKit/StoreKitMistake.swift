import Foundation

/// A mistake of the app's purchase code that Kiosk saw happen, with its real consequence: the
/// StoreKit 2 guides' mistakes that can be observed from the store's side
/// (docs/your-code.md maps each to what Kiosk shows). A test asserts on these values
/// (`SKTestSession.mistakes`); each is also a line in the QA journal.
public struct StoreKitMistake: Sendable, Hashable, CustomStringConvertible {
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// A transaction the app was given (a purchase's result, an update, `unfinished`) and
        /// never finished: StoreKit gives it again at every launch, and a consumable's quantity
        /// is never settled.
        case unfinishedTransaction
        /// An update (an approval, a renewal, a refund, a revocation) came while no
        /// `Transaction.updates` listener was running: the app did not learn of it then.
        case updateWithoutListener
        /// A purchase was made before the app had read `Transaction.currentEntitlements` or
        /// started its `Transaction.updates` listener: what it showed was not the account's.
        case purchaseBeforeListening
        /// The app finished a transaction that failed verification: it treated untrusted data
        /// as a purchase.
        case finishedUnverifiedTransaction
    }

    public var kind: Kind
    /// The transaction concerned, if one is.
    public var transactionID: UInt64?
    public var productID: String?
    /// What happened, its consequence and what to do, in words.
    public var message: String

    public init(kind: Kind, transactionID: UInt64?, productID: String?, message: String) {
        self.kind = kind
        self.transactionID = transactionID
        self.productID = productID
        self.message = message
    }

    public var description: String { "\(kind.rawValue): \(message)" }

    static func unfinished(_ transaction: Transaction, via source: String) -> StoreKitMistake {
        StoreKitMistake(
            kind: .unfinishedTransaction, transactionID: transaction.id, productID: transaction.productID,
            message: """
                transaction \(transaction.id) (\(transaction.productID)) was delivered through \(source) and \
                never finished: StoreKit delivers it again at every launch. Deliver the content, then call \
                `await transaction.finish()`.
                """)
    }

    static func withoutListener(_ transaction: Transaction) -> StoreKitMistake {
        StoreKitMistake(
            kind: .updateWithoutListener, transactionID: transaction.id, productID: transaction.productID,
            message: """
                an update of transaction \(transaction.id) (\(transaction.productID)\
                \(transaction.revocationDate != nil ? ", revoked" : "")) came while no Transaction.updates \
                listener was running, so the app did not see it. Start the listener when the app launches \
                and keep it running.
                """)
    }

    static func purchaseBeforeListening(productID: String) -> StoreKitMistake {
        StoreKitMistake(
            kind: .purchaseBeforeListening, transactionID: nil, productID: productID,
            message: """
                \(productID) was bought before the app read Transaction.currentEntitlements or started its \
                Transaction.updates listener: it showed a paywall without knowing what the account owns. \
                Start the listener and read the entitlements at launch.
                """)
    }

    static func finishedUnverified(_ transaction: Transaction) -> StoreKitMistake {
        StoreKitMistake(
            kind: .finishedUnverifiedTransaction, transactionID: transaction.id,
            productID: transaction.productID,
            message: """
                transaction \(transaction.id) (\(transaction.productID)) failed verification and the app \
                finished it: it trusted an unverified payload. Use `try result.payloadValue` (or match \
                `.verified`) and leave unverified transactions alone.
                """)
    }
}

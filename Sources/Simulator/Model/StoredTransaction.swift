import Foundation
import StoreCore

/// A transaction as the ledger keeps it: the payload apps see, plus what only the store
/// knows (whose it is, whether it waits for approval, whether the app finished it).
///
/// The payload and the pending purchase live in immutable boxes: the store keeps every
/// transaction in memory, and a dictionary of 100,000 inline 550-byte values costs twice that
/// while it grows. Setting either property replaces its box, so copies never share changes.
struct StoredTransaction: Sendable, Hashable {
    /// Where the transaction stands before it is (or instead of being) a plain purchase.
    enum Phase: String, Sendable, Hashable, Codable {
        /// A normal transaction the app can see.
        case delivered
        /// Ask to Buy: waiting for a parent; the app has only seen `.pending`.
        case pendingApproval
        /// Ask to Buy declined: never becomes visible to the app.
        case declined
        /// Interrupted purchase: waiting for the customer to resolve an issue.
        case interrupted
    }

    private var transactionBox: Box<Transaction>
    var account: AccountName
    var phase: Phase
    var isFinished: Bool
    /// Deleted from the Transaction Manager: kept for idempotency, invisible everywhere else.
    var isDeleted: Bool = false
    private var pendingBox: Box<PendingPurchase>?
    /// For a Family Sharing copy: the purchaser's transaction it mirrors.
    var sharedFrom: UInt64?

    init(
        transaction: Transaction, account: AccountName, phase: Phase, isFinished: Bool,
        isDeleted: Bool = false,
        pendingPurchase: PendingPurchase? = nil, sharedFrom: UInt64? = nil
    ) {
        self.transactionBox = Box(transaction)
        self.account = account
        self.phase = phase
        self.isFinished = isFinished
        self.isDeleted = isDeleted
        self.pendingBox = pendingPurchase.map(Box.init)
        self.sharedFrom = sharedFrom
    }

    var transaction: Transaction {
        get { transactionBox.value }
        set { transactionBox = Box(newValue) }
    }

    /// The purchase options that must be applied when a pending purchase completes.
    var pendingPurchase: PendingPurchase? {
        get { pendingBox?.value }
        set { pendingBox = newValue.map(Box.init) }
    }

    var id: UInt64 { transaction.id }

    /// Whether the app can see this transaction (`all`, `updates`, entitlements).
    var isVisible: Bool { phase == .delivered && !isDeleted }
}

/// What a deferred purchase (Ask to Buy, interrupted) needs to complete later.
struct PendingPurchase: Sendable, Hashable, Codable {
    var productID: String
    var quantity: Int
    var appAccountToken: UUID?
    var offer: AppliedOffer?
    var billingPlanType: BillingPlan.PlanType?
    /// A backdated purchase date (StoreKitTest's `purchaseDate` option).
    var purchaseDate: Date?
    var renewalBehavior: PurchaseOption.RenewalBehavior?
}

/// An immutable heap box for a value type, compared by value.
final class Box<Value: Sendable & Hashable>: Sendable, Hashable {
    let value: Value

    init(_ value: Value) { self.value = value }

    static func == (lhs: Box, rhs: Box) -> Bool { lhs.value == rhs.value }

    func hash(into hasher: inout Hasher) { hasher.combine(value) }
}

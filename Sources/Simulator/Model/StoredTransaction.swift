import Foundation
import StoreCore

/// A transaction as the ledger keeps it: the payload apps see, plus what only the store
/// knows (whose it is, whether it waits for approval, whether the app finished it).
struct StoredTransaction: Sendable, Hashable, Codable {
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

    var transaction: Transaction
    var account: String
    var phase: Phase
    var isFinished: Bool
    /// Deleted from the Transaction Manager: kept for idempotency, invisible everywhere else.
    var isDeleted: Bool = false
    /// The purchase options that must be applied when a pending purchase completes.
    var pendingPurchase: PendingPurchase?
    /// For a Family Sharing copy: the purchaser's transaction it mirrors.
    var sharedFrom: UInt64?

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

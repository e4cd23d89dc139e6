import Foundation
import StoreCore

/// Everything one store action changes. The engine stages changes here, the ledger commits
/// them in one SQLite transaction, and only then does the in-memory state take them: an
/// action either happened completely or not at all, on disk and in memory alike.
struct Changeset {
    /// Delete everything first (reset to the default state).
    var wipe = false
    var meta: StoreMeta?
    var accounts: [AccountName: AccountRecord] = [:]
    var transactions: [UInt64: StoredTransaction] = [:]
    /// IDs this action allocated: their rows are inserted, never written over an existing one.
    var newTransactionIDs: Set<UInt64> = []
    /// Transaction updates an app's `updates()` hears, in order, for the numbered update log.
    var updates: [LoggedUpdateRow] = []
    /// New signatures, by transaction ID (a transaction is re-signed when it changes).
    var signatures: [UInt64: String] = [:]
    /// Transactions to sign before the commit, by ID.
    var unsigned: [UInt64: Transaction] = [:]
    var chains: [SubscriptionChain.Key: SubscriptionChain] = [:]
    var removedChains: Set<SubscriptionChain.Key> = []
    var notifications: [OutboxNotification] = []
    /// Each new notification's content as of its event, by sequence (`NotificationContent`).
    var notificationContents: [Int64: NotificationContent] = [:]
    var idempotency: [IdempotencyRecord] = []
    var massExtensions: [MassExtension] = []
    /// The QA journal's lines for this change (`SimulatedStore+Journal`), committed with it.
    var journal: [JournalEntry] = []
    /// The due-event index's new entries, by subscription (`SimulatedStore.sealed` fills them).
    var dueDates: [SubscriptionChain.Key: DueEntry] = [:]
    /// Subscriptions whose index entry must be worked out again (the engine found it stale).
    var dueRechecks: Set<SubscriptionChain.Key> = []

    var isEmpty: Bool {
        !wipe && meta == nil && accounts.isEmpty && transactions.isEmpty && chains.isEmpty
            && removedChains.isEmpty && notifications.isEmpty && idempotency.isEmpty
            && massExtensions.isEmpty && updates.isEmpty && journal.isEmpty && dueDates.isEmpty
    }
}

/// One entry of the update log as the engine stages it: the ledger numbers it on commit.
struct LoggedUpdateRow: Sendable, Hashable {
    var account: AccountName
    var transactionID: UInt64
}

/// The remembered outcome of a purchase request with an idempotency key.
struct IdempotencyRecord: Sendable, Hashable, Codable {
    enum Outcome: String, Sendable, Hashable, Codable {
        case success, pending, userCancelled
    }

    /// The appAccountToken the key's purchase asked for, as the request said it: a key given
    /// again with another token is another purchase. Records written before schema 8 did not
    /// keep it (`.unrecorded`).
    enum RequestedToken: Sendable, Hashable, Codable {
        case unrecorded, absent, token(UUID)
    }

    var account: AccountName
    var key: String
    var transactionID: UInt64?
    var outcome: Outcome
    var requestedToken: RequestedToken = .unrecorded
}

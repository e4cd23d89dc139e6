import Foundation
import StoreCore

struct IdempotencyKey: Hashable, Sendable {
    var account: String
    var key: String
}

/// The store's state in memory: what the ledger holds, minus signatures and the outbox.
/// A class, so a `StagedAction` can read it while staging changes without copying it; only
/// the owning actor touches it.
final class StoreState {
    var meta: StoreMeta
    var accounts: [String: AccountRecord] = [:]
    var transactions: [UInt64: StoredTransaction] = [:]
    /// Each account's transaction IDs, oldest first.
    var transactionIDsByAccount: [String: [UInt64]] = [:]
    var chains: [SubscriptionChain.Key: SubscriptionChain] = [:]
    var idempotency: [IdempotencyKey: IdempotencyRecord] = [:]
    /// No subscription has an event due before this date (nil: not known yet).
    var earliestDue: Date?

    init(meta: StoreMeta) {
        self.meta = meta
    }

    func insert(_ stored: StoredTransaction) {
        if transactions.updateValue(stored, forKey: stored.id) == nil {
            transactionIDsByAccount[stored.account, default: []].append(stored.id)
        }
    }

    /// Takes a committed changeset.
    func apply(_ changes: Changeset) {
        if changes.wipe {
            accounts = [:]
            transactions = [:]
            transactionIDsByAccount = [:]
            chains = [:]
            idempotency = [:]
        }
        if let meta = changes.meta { self.meta = meta }
        accounts.merge(changes.accounts) { $1 }
        // New IDs are allocated in increasing order, so appending in ID order keeps lists sorted.
        for id in changes.transactions.keys.sorted() {
            insert(changes.transactions[id]!)
        }
        for key in changes.removedChains { chains[key] = nil }
        chains.merge(changes.chains) { $1 }
        for record in changes.idempotency {
            idempotency[IdempotencyKey(account: record.account, key: record.key)] = record
        }
    }
}

extension StoreState {
    /// Takes everything of `other` (a save point just loaded); what is due is worked out again.
    func replace(with other: StoreState) {
        meta = other.meta
        accounts = other.accounts
        transactions = other.transactions
        transactionIDsByAccount = other.transactionIDsByAccount
        chains = other.chains
        idempotency = other.idempotency
        earliestDue = nil
    }
}

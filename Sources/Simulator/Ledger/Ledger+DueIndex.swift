import Foundation
import StoreCore

/// The due-event index (schema 6): each subscription's next date the engine must act on (a
/// renewal, the end of a grace period or of billing retry), so advancing the clock reads only
/// the subscriptions with something due, in date order, instead of every one in memory.
/// Dates are kept in whole milliseconds rounded down, so the index never reports a
/// subscription later than it is due; the engine checks each one it is handed.
extension Ledger {
    /// The subscriptions due by `date`, earliest first, at most `limit` of them; `cutoff` is
    /// the due date of the first one left out (nil when none was).
    func dueKeys(through date: Date, limit: Int = Int(Int32.max)) throws(LedgerError) -> (
        keys: [SubscriptionChain.Key], cutoff: Date?
    ) {
        var keys: [SubscriptionChain.Key] = []
        var cutoff: Date?
        try connection.query(
            "SELECT account, group_id, due FROM due_events WHERE due <= ? ORDER BY due LIMIT ?",
            [.integer(Self.milliseconds(date)), .integer(Int64(limit) + 1)]
        ) { row in
            guard keys.count < limit else {
                cutoff = Self.date(row.integer(2))
                return
            }
            keys.append(SubscriptionChain.Key(account: row.accountName(0) ?? "", groupID: row.text(1) ?? ""))
        }
        return (keys, cutoff)
    }

    /// The earliest due event, or nil when nothing is due ever.
    func earliestDue() throws(LedgerError) -> Date? {
        var result: Date?
        try connection.query("SELECT MIN(due) FROM due_events") { row in
            result = row.optionalInteger(0).map(Self.date)
        }
        return result
    }

    /// The subscriptions in billing retry, whose due dates move with the time rate.
    func retryKeys() throws(LedgerError) -> [SubscriptionChain.Key] {
        var result: [SubscriptionChain.Key] = []
        try connection.query("SELECT account, group_id FROM due_events WHERE retry = 1") {
            result.append(SubscriptionChain.Key(account: $0.accountName(0) ?? "", groupID: $0.text(1) ?? ""))
        }
        return result
    }

    /// Writes one subscription's entry (inside a write transaction): none when nothing is due.
    func writeDue(_ key: SubscriptionChain.Key, _ entry: DueEntry) throws(LedgerError) {
        guard let due = entry.due else {
            try connection.query(
                "DELETE FROM due_events WHERE account = ? AND group_id = ?",
                [.text(key.account), .text(key.groupID)])
            return
        }
        let milliseconds = Int64(saturating: (due.timeIntervalSince1970 * 1000).rounded(.down))
        try connection.query(
            "INSERT OR REPLACE INTO due_events(account, group_id, due, retry) VALUES(?, ?, ?, ?)",
            [
                .text(key.account), .text(key.groupID), .integer(milliseconds),
                .integer(entry.isInRetry ? 1 : 0),
            ])
    }

    /// Whether the index was built for the subscriptions of this ledger (a ledger migrated
    /// from schema 4 has subscriptions but no index until the store builds it once).
    func hasDueIndex() throws(LedgerError) -> Bool {
        var built = false
        try connection.query("SELECT 1 FROM meta WHERE key = 'due_index'") { _ in built = true }
        return built
    }

    /// Every subscription's record, for building the index once.
    func allChains() throws(LedgerError) -> [SubscriptionChain] {
        var result: [SubscriptionChain] = []
        try connection.query("SELECT account, group_id, record FROM chains") { row throws(LedgerError) in
            guard let chain = SubscriptionChain(ledgerJSON: row.data(2)) else {
                throw corrupt(
                    "chains", "\(row.text(0) ?? "?")/\(row.text(1) ?? "?")",
                    "the subscription record does not decode")
            }
            result.append(chain)
        }
        return result
    }
}

/// A subscription's entry in the due-event index.
struct DueEntry: Sendable, Hashable {
    /// When the engine must next act on it; nil when nothing happens without a tester.
    var due: Date?
    var isInRetry: Bool
}

import Foundation
import StoreCore

/// Writes the store's journal lines at one moment (`JournalLines` says what they say): a
/// change's line added to the change's own commit, and a line of its own for a call that
/// committed nothing or failed, or for a note of the app's. Losing a line of its own must not
/// fail the call it tells of: a failed write is reported instead.
struct JournalWriter {
    let ledger: Ledger
    let wallTime: Date
    let storeTime: Date
    /// The account the store acts for, named by a line no caller's scope names.
    let activeAccount: AccountName

    /// The line for `changes`, made by `scope` (nil: the store's own work).
    func line(scope: JournalScope?, result: String, changes: Changeset) -> JournalEntry {
        JournalLines.entry(
            scope: scope, result: result, changes: changes, wallTime: wallTime, storeTime: storeTime,
            activeAccount: activeAccount)
    }

    /// Adds the journal line of a change about to be committed; false when there is nothing to
    /// journal (an empty change commits nothing).
    func add(to changes: inout Changeset, result: Any, scope: JournalScope?) -> Bool {
        guard !changes.isEmpty else { return false }
        let words =
            scope.map { JournalLines.describe(result) ?? $0.outcome ?? "done" }
            ?? (changes.notifications.isEmpty ? "store updated" : "due renewals and expiries ran")
        changes.journal.append(line(scope: scope, result: words, changes: changes))
        return true
    }

    /// The line of a call that changed nothing, written alone.
    func writeAlone(scope: JournalScope, result: String) {
        var changes = Changeset()
        changes.journal = [line(scope: scope, result: result, changes: changes)]
        write(changes, "the journal line of '\(scope.action)'")
    }

    /// A line of the app's that changes nothing in the store: what KioskStoreKit saw the app's
    /// code do wrong ("StoreKit mistake: unfinishedTransaction").
    func note(context: JournalContext, action: String, result: String) {
        var changes = Changeset()
        changes.journal = [
            JournalEntry(
                wallTime: wallTime, storeTime: storeTime, session: context.session, source: context.source,
                account: activeAccount, action: action, result: result)
        ]
        write(changes, "the journal line '\(action): \(result)'")
    }

    private func write(_ changes: Changeset, _ what: String) {
        do throws(LedgerError) {
            _ = try ledger.commit(changes)
        } catch {
            SimulatedStore.problemReporter("\(what) could not be written (\(error))")
        }
    }
}

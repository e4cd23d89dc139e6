import Foundation
import StoreCore

extension SimulatedStore {
    /// Writes a line of the app's into the QA journal that changes nothing in the store: what
    /// KioskStoreKit saw the app's code do wrong ("StoreKit mistake: unfinishedTransaction").
    /// Losing the line must not fail the app's call, so a failed write is reported instead.
    public func journalNote(context: JournalContext, action: String, result: String) {
        var changes = Changeset()
        changes.journal = [
            JournalEntry(
                wallTime: wallClock(), storeTime: currentTime, session: context.session,
                source: context.source,
                account: activeAccount, action: action, result: result)
        ]
        do throws(LedgerError) {
            _ = try ledger.commit(changes)
        } catch {
            reportProblem("the journal line '\(action): \(result)' could not be written (\(error))")
        }
    }
}

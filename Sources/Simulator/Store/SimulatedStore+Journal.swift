import Foundation
import StoreCore

extension SimulatedStore {
    /// The journal line of the `perform` call under way (bound around it by `journaled`).
    @TaskLocal static var journalScope: JournalScope?

    /// This process's session, for the store's own work (renewals on its timer) when no caller
    /// said who it is.
    static let ownSession = JournalContext.newSessionID()

    /// Runs `body` (one operation or request) so that what it commits is journaled as `action`,
    /// and journals it even when it commits nothing or fails.
    func journaled<T: Sendable>(
        _ action: String, outcome: String? = nil, words: (T) -> String? = { JournalLines.describe($0) },
        _ body: () async throws(StoreError) -> T
    ) async throws(StoreError) -> T {
        let scope = JournalScope(
            context: JournalContext.current, account: activeAccount, action: action, outcome: outcome)
        let outcome: Result<T, StoreError> = await Self.$journalScope.withValue(scope) {
            do throws(StoreError) {
                return .success(try await body())
            } catch {
                return .failure(error)
            }
        }
        if !scope.isRecorded {
            let result: String
            switch outcome {
            case .success(let value): result = words(value) ?? scope.outcome ?? "no change"
            case .failure(let error): result = "failed: \(error)" + (scope.note.map { " (\($0))" } ?? "")
            }
            var changes = Changeset()
            changes.journal = [journalEntry(scope: scope, result: result, changes: changes)]
            // The line of an action that changed nothing: losing it must not fail the action,
            // and is reported instead.
            do throws(LedgerError) {
                _ = try ledger.commit(changes)
            } catch {
                reportProblem("the journal line of '\(scope.action)' could not be written (\(error))")
            }
        }
        return try outcome.get()
    }

    /// Adds the journal line of a change about to be committed; false when there is nothing to
    /// journal (an empty change commits nothing).
    func addJournalLine(to changes: inout Changeset, result: Any, scope: JournalScope?) -> Bool {
        guard !changes.isEmpty else { return false }
        let line =
            scope.map { JournalLines.describe(result) ?? $0.outcome ?? "done" }
            ?? (changes.notifications.isEmpty ? "store updated" : "due renewals and expiries ran")
        changes.journal.append(journalEntry(scope: scope, result: line, changes: changes))
        return true
    }

    /// A line lists at most this many notifications and transactions (`JournalLines.listLimit`).
    static let journalListLimit = JournalLines.listLimit

    /// The line for `changes`, made by `scope` (nil: the store's own work), at the store's time.
    func journalEntry(scope: JournalScope?, result: String, changes: Changeset) -> JournalEntry {
        JournalLines.entry(
            scope: scope, result: result, changes: changes, wallTime: wallClock(), storeTime: currentTime,
            activeAccount: activeAccount)
    }

    /// The journal, oldest first.
    public func journal(_ filter: JournalFilter = JournalFilter()) throws(StoreError) -> [JournalEntry] {
        do throws(LedgerError) {
            return try ledger.journal(filter)
        } catch {
            throw StoreError(error)
        }
    }
}

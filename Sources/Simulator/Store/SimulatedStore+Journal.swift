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
            switch outcome {
            case .success(let value):
                journalWriter.writeAlone(scope: scope, result: words(value) ?? scope.outcome ?? "no change")
            case .failure(let error):
                journalWriter.writeAlone(
                    scope: scope, result: "failed: \(error)" + (scope.note.map { " (\($0))" } ?? ""))
            }
        }
        return try outcome.get()
    }

    /// The journal's writer at the store's time now (`JournalWriter`).
    var journalWriter: JournalWriter {
        JournalWriter(
            ledger: ledger, wallTime: wallClock(), storeTime: currentTime, activeAccount: activeAccount)
    }

    /// Writes a line of the app's into the QA journal that changes nothing in the store
    /// (`JournalWriter.note`); a failed write is reported, not thrown.
    public func journalNote(_ note: JournalNote, context: JournalContext) {
        journalWriter.note(context: context, action: note.action, result: note.result)
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

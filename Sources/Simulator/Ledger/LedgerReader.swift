import Foundation
import StoreCore

/// Reads a state directory's ledger without owning it: the journal, signatures, notifications
/// and their delivery attempts, for `kiosk journal` and `kiosk report`. A read-only connection:
/// in WAL mode it reads a consistent snapshot while the owner keeps writing.
public final class LedgerReader {
    private let ledger: Ledger

    /// Opens `ledger.sqlite` in `stateDirectory` read-only.
    /// - Throws: `StoreError` naming the file when there is none yet or it cannot be read.
    public init(stateDirectory: URL) throws(StoreError) {
        let path = StateDirectoryLayout(stateDirectory).ledger.path
        guard FileManager.default.fileExists(atPath: path) else {
            throw StoreError.invalidArgument(
                "\(stateDirectory.path) has no ledger yet: nothing was done on this state (open it with kiosk first)"
            )
        }
        do throws(LedgerError) {
            ledger = try Ledger(path: path, readOnly: true)
        } catch {
            throw StoreError(error)
        }
    }

    private func reading<T>(_ body: () throws(LedgerError) -> T) throws(StoreError) -> T {
        do throws(LedgerError) {
            return try body()
        } catch {
            throw StoreError(error)
        }
    }

    /// Journal entries matching `filter`, oldest first.
    public func journal(_ filter: JournalFilter = JournalFilter()) throws(StoreError) -> [JournalEntry] {
        try reading { () throws(LedgerError) in try ledger.journal(filter) }
    }

    /// Journal entries matching `filter`, where the session `last` means the newest paywall run
    /// and what the shell did meanwhile: a QA session is one session across processes, the
    /// paywall in one pane and `kiosk store` in another. From the run's first entry on, it keeps
    /// the run's own entries and every other process's but another paywall's, up to the run's
    /// closing line (`StoreOperation.paywallClosed`); a run that was killed has none, so it
    /// runs to now.
    public func journal(resolving filter: JournalFilter) throws(StoreError) -> [JournalEntry] {
        guard filter.session == "last" else { return try journal(filter) }
        guard
            let latest = try reading({ () throws(LedgerError) in
                try ledger.latestSession(source: .paywall)
            })
        else { return [] }
        var own = filter
        own.session = latest
        let run = try journal(own)
        guard let start = run.first?.wallTime else { return run }
        var around = filter
        around.session = nil
        around.since = max(filter.since ?? start, start)
        let session = try journal(around).filter { $0.session == latest || $0.source != .paywall }
        let closing = StoreOperation.paywallClosed.summary
        guard let end = session.firstIndex(where: { $0.session == latest && $0.action == closing }) else {
            return session
        }
        return Array(session[...end])
    }

    /// The transaction's JWS as the ledger holds it now (its latest signature).
    public func signature(of transactionID: UInt64) throws(StoreError) -> String? {
        try reading { () throws(LedgerError) in try ledger.signature(of: transactionID) }
    }

    /// Every delivery attempt of the given notifications, by sequence.
    public func deliveryAttempts(for sequences: [Int64]) throws(StoreError) -> [Int64: [DeliveryAttempt]] {
        try reading { () throws(LedgerError) in try ledger.attempts(for: sequences) }
    }
}

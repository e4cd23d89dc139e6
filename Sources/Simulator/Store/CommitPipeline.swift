import Foundation
import Signing
import StoreCore

/// The write half of every action the store commits: its staged changes sealed for the ledger
/// (signed, with their update-log and due-index rows), written in one SQLite transaction or
/// into the ledger's open batch (group commit, `SimulatedStore.grouped`), a large set signed on
/// the other cores while the ledger writes its other rows. What comes before (staging) and after
/// (applying, announcing, making durable) is the store's, which sequences the steps.
///
/// Made by the store for one step, on its executor. A ledger write that fails may have rolled
/// back the open batch, with other requests' changes in it: `ledgerFailed` lets the store forget
/// what it remembered of them.
struct CommitPipeline {
    let ledger: Ledger
    let groupSync: GroupSync?
    let signer: any PayloadSigner
    let ledgerFailed: () -> Void

    /// An action's changes ready for the ledger: signed (unless `signsNow` is false: `write`
    /// signs them while the ledger writes), with the update log's entries and the due-event
    /// index's new entries for every subscription the action may have moved.
    static func sealed(_ action: StagedAction, signsNow: Bool = true) throws(StoreError) -> Changeset {
        var changes = action.changes
        if signsNow { try changes.signPending(with: action.signer) }
        changes.updates = action.announcements.compactMap {
            guard case .update(let account, let id) = $0 else { return nil }
            return LoggedUpdateRow(account: account, transactionID: id)
        }
        changes.dueDates = DueIndex.entries(action)
        return changes
    }

    /// Writes `changes` (their unsigned transactions signed on `helpers` other threads meanwhile,
    /// when more than none) alone or, when `joinsBatch`, into the open batch, committed with the
    /// requests queued beside it before any of them answers (`commitBatch`). Returns the
    /// update-log numbers of the changes' updates; on return `changes` holds every signature.
    func write(_ changes: inout Changeset, helpers: Int, joinsBatch: Bool) throws(StoreError) -> [Int64] {
        let signing = helpers == 0 ? nil : changes.startSigning(with: signer, helpers: helpers)
        let sequences: [Int64]
        do throws(LedgerError) {
            // A signing failure leaves the ledger's write without its signatures, which fails
            // it; `finish()` below then throws the signing error itself.
            let late = signing.map { signing in { try? signing.finish() } }
            if joinsBatch {
                sequences = try ledger.commitInBatch(changes, lateSignatures: late).sequences
            } else {
                sequences = try ledger.commit(changes, lateSignatures: late)
            }
        } catch {
            ledgerFailed()
            // The helpers may still be signing: let them end, and say why signing failed.
            if let signing {
                do throws(StoreError) { _ = try signing.finish() } catch { throw error }
            }
            throw StoreError(error)
        }
        if let signing {
            // Finished inside the commit: this returns what was signed there.
            changes.signatures.merge(try signing.finish()) { $1 }
            changes.unsigned = [:]
        }
        return sequences
    }

    /// Makes what was committed durable now (an action outside any group, before anyone hears of it).
    func syncNow() throws(StoreError) {
        do throws(LedgerError) {
            try ledger.syncNow()
        } catch {
            throw StoreError(error)
        }
    }

    /// Commits the open batch so far (not yet durable), so the checkpointer can copy it and the
    /// log stays small, and starts its fsync while the next changes are staged.
    func flushBatch() throws(StoreError) {
        do throws(LedgerError) {
            try ledger.flushBatch()
        } catch {
            ledgerFailed()
            throw StoreError(error)
        }
        groupSync?.startSync()
    }

    /// Commits `batch` if it is still open and returns the fsync ticket that covers it. A batch
    /// that fails to commit is rolled back whole: every request in it gets the error.
    func commitBatch(_ batch: Ledger.BatchNumber) throws(StoreError) -> UInt64? {
        do throws(LedgerError) {
            try ledger.commitBatch(batch)
        } catch {
            ledgerFailed()
            throw StoreError(error)
        }
        return groupSync?.latestTicket
    }

    // MARK: Catching up

    /// How many catch-up chunks share a SQLite transaction.
    static let chunksPerTransaction = 4

    /// Runs the events due by now a chunk at a time: `commitChunk` commits one chunk and says
    /// whether that was all; `isDue` whether anything is still due.
    ///
    /// The chunks bound memory; on disk `chunksPerTransaction` of them share a SQLite
    /// transaction and all of them one fsync, so a page several chunks touch (a subscription's
    /// record, an index page) reaches the WAL once per transaction instead of once a chunk.
    /// Inside a request's group (`inGroup`) they join the request's batch; otherwise they are
    /// committed and made durable before this returns.
    func catchUp(
        inGroup: Bool, isDue: () -> Bool, commitChunk: () throws(StoreError) -> Bool
    ) throws(StoreError) {
        guard !inGroup, groupSync != nil else { return try chunks(isDue: isDue, commitChunk: commitChunk) }
        // The task-local's `withValue` rethrows untyped: the closure hands its typed failure
        // out as a value instead. The chunks before a failed one stay, as if each had committed
        // on its own.
        let failure: StoreError? = SimulatedStore.$groupsCommits.withValue(true) {
            do throws(StoreError) {
                try chunks(isDue: isDue, commitChunk: commitChunk)
                return nil
            } catch {
                return error
            }
        }
        do throws(LedgerError) {
            try ledger.syncNow()
        } catch {
            ledgerFailed()
            throw StoreError(error)
        }
        if let failure { throw failure }
    }

    private func chunks(isDue: () -> Bool, commitChunk: () throws(StoreError) -> Bool) throws(StoreError) {
        var chunks = 0
        while isDue() {
            if try commitChunk() { return }
            chunks += 1
            guard chunks.isMultiple(of: Self.chunksPerTransaction), groupSync != nil else { continue }
            // Committed (not yet durable) every few chunks, so the checkpointer can copy them
            // and the log stays small, and their pages go to the disk while the next are staged.
            try flushBatch()
        }
    }

    // MARK: After a failed write

    /// Whether the write that just failed rolled back the open batch (found by whichever write
    /// came first); if so, the store's settings read afresh (nil when they cannot be: reported,
    /// as this runs on a path already throwing the write's error), and the ledger's caches dropped.
    func takeRollback() -> StoreMeta?? {
        guard ledger.takeBatchRollback() else { return nil }
        var meta: StoreMeta?
        do throws(LedgerError) {
            meta = try ledger.loadMeta()
        } catch {
            SimulatedStore.problemReporter(
                "after a failed write, the store's settings could not be read afresh (\(error))")
        }
        do throws(LedgerError) {
            try ledger.forgetCaches()
        } catch {
            SimulatedStore.problemReporter(
                "after a failed write, the ledger's caches could not be read afresh (\(error))")
        }
        return .some(meta)
    }
}

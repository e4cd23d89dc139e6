/// Batched commits: concurrent requests share one SQLite transaction as well as one fsync.
///
/// Each request's changes are written inside a savepoint of a transaction left open
/// (`commitInBatch`), and the first of them to ask that its batch be committed (`commitBatch`,
/// in a later turn of the store, after whatever requests queued up meanwhile) commits all of
/// them at once. A batch of a dozen purchases then writes each shared page of the WAL (the
/// meta row, the journal, the update log) once, and takes SQLite's locks once, instead of a
/// dozen times. Nobody is answered before their batch is committed and its fsync returned,
/// so a crash loses only what nobody was told about. Any other write first commits the open
/// batch (`flushBatch`), so the ledger's own transactions keep their order.
extension Ledger {
    /// The batch a commit joined: committed once `committedBatch` reaches it.
    typealias BatchNumber = UInt64

    /// Writes `changes` into the open batch (opening one), in a savepoint of their own: a
    /// failure takes back only these changes. Returns the update-log sequences and the batch.
    func commitInBatch(
        _ changes: Changeset, lateSignatures: (() -> [UInt64: String]?)? = nil
    ) throws(LedgerError) -> (sequences: [Int64], batch: BatchNumber) {
        guard !changes.isEmpty else { return ([], openBatch ?? committedBatch) }
        let batch: BatchNumber
        if let open = openBatch {
            batch = open
        } else {
            try connection.execute("BEGIN IMMEDIATE")
            do throws(LedgerError) {
                try checkNoOtherWriter()
            } catch {
                // The other writer (or the doubt) is the reason given; a failed rollback would
                // add nothing to it.
                try? connection.execute("ROLLBACK")
                throw error
            }
            lastBatch += 1
            batch = lastBatch
            openBatch = batch
        }
        try connection.execute("SAVEPOINT action")
        let sequences: [Int64]
        do {
            sequences = try writeRows(changes, lateSignatures)
            try connection.execute("RELEASE action")
        } catch {
            // The write's error is the one thrown: these only undo what it began, and a failure
            // of theirs leaves the batch for `commitBatch` to fail and roll back whole.
            try? connection.execute("ROLLBACK TO action")
            try? connection.execute("RELEASE action")
            pendingHeaderIDs = [:]
            throw error
        }
        batchHeaderIDs.merge(pendingHeaderIDs) { $1 }
        pendingHeaderIDs = [:]
        if let last = sequences.last { lastUpdateSequence = last }
        return (sequences, batch)
    }

    /// Commits the open batch, if any; after a failure the batch is rolled back and every
    /// commit in it is lost (the caller forgets what it remembered of them).
    func flushBatch() throws(LedgerError) {
        guard let batch = openBatch else { return }
        openBatch = nil
        do throws(LedgerError) {
            try connection.execute("COMMIT")
        } catch {
            // The COMMIT's error is the one thrown; SQLite may have rolled back already.
            try? connection.execute("ROLLBACK")
            batchHeaderIDs = [:]
            // Kept until every request of the batch has surely asked (they ask right away).
            if failedBatches.count >= 256, let oldest = failedBatches.keys.min() {
                failedBatches[oldest] = nil
            }
            failedBatches[batch] = error
            batchRolledBack = true
            throw error
        }
        committedBatch = batch
        groupSync?.written(batch: batch)
        headerIDs.merge(batchHeaderIDs) { $1 }
        batchHeaderIDs = [:]
        try lookAtDataVersion()
    }

    /// Whether a batch was rolled back since the last call: the store then forgets what it
    /// cached of it, whichever write found the failure.
    func takeBatchRollback() -> Bool {
        defer { batchRolledBack = false }
        return batchRolledBack
    }

    /// Makes sure `batch` is committed (committing the open batch when it is that one);
    /// throws the failure that rolled it back.
    func commitBatch(_ batch: BatchNumber) throws(LedgerError) {
        if let error = failedBatches[batch] { throw error }
        if batch == openBatch { try flushBatch() }
    }
}

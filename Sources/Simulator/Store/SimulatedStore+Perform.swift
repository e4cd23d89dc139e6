import Foundation
import StoreCore

extension SimulatedStore {
    /// The one entry of every tester operation: each is one action, staged by the engine's
    /// interpreter (`StagedAction.perform`) and committed in one SQLite transaction
    /// (`runAction`); what follows the commit (reading back, catching up, timers, save points)
    /// is the store's.
    public nonisolated func perform(_ operation: StoreOperation) async throws(StoreError)
        -> StoreOperationResult
    {
        try await answered(try await performGrouped(operation))
    }

    /// The operation's work, joined to the open batch and not yet answered (`answered`).
    func performGrouped(_ operation: StoreOperation) async throws(StoreError) -> (
        StoreOperationResult, Ledger.BatchNumber
    ) {
        try await grouped { () async throws(StoreError) in
            try await journaled(
                operation.summary, outcome: operation.outcome(.done), words: operation.outcome
            ) {
                () async throws(StoreError) in
                try await performNow(operation)
            }
        }
    }

    private func performNow(_ operation: StoreOperation) async throws(StoreError) -> StoreOperationResult {
        let context = actionContext
        let followUp = try runAction { action throws(StoreError) in try action.perform(operation, context) }
        switch followUp {
        case .done: return .done
        case .boughtOffDevice(let transaction, let pending):
            return pending ? .heldForApproval(transaction) : .transaction(transaction)
        case .clockAdvanced:
            // What came due on the way runs now, in chunks of its own (`catchUp`).
            try catchUp()
            announceEverywhere(.clockChanged(currentTime))
            return .clock(currentTime)
        case .clockStays: return .clock(currentTime)
        case .settingsChanged(let restartsClock):
            products.setLocale(state.meta.settings.locale)
            if restartsClock { restartClock() }
            return .done
        case .saveState(let name): return .savePoint(try saveState(name: name))
        case .loadState(let name): return .savePoint(try loadState(name: name))
        }
    }

    /// What an action needs of the store besides its state.
    private var actionContext: ActionContext {
        ActionContext(account: activeAccount, wallClock: wallClock, offerChecker: offerChecker)
    }

    /// The one entry of every app request: each runs as StoreKit would on a device.
    public nonisolated func perform(_ request: StoreRequest) async throws(StoreError) -> StoreRequestResult {
        // The cancel sheet waits for the developer's endpoint, outside any batch of commits.
        if case .retentionMessage(let productID) = request {
            return .retention(try await retentionSheet(productID: productID))
        }
        return try await answered(try await performGrouped(request))
    }

    /// The request's work, joined to the open batch and not yet answered (`answered`).
    func performGrouped(_ request: StoreRequest) async throws(StoreError) -> (
        StoreRequestResult, Ledger.BatchNumber
    ) {
        try await grouped { () async throws(StoreError) in
            try await journaled(JournalLines.action(request), outcome: JournalLines.outcome(request)) {
                () async throws(StoreError) in
                try await performNow(request)
            }
        }
    }

    private func performNow(_ request: StoreRequest) async throws(StoreError) -> StoreRequestResult {
        let context = actionContext
        let followUp = try runAction { action throws(StoreError) in try action.perform(request, context) }
        switch followUp {
        case .done: return .done
        case .purchased(let id): return .purchase(.success(try reader.result(for: try committed(id))))
        case .pending(let id): return .purchase(.pending(transactionID: id))
        case .cancelled: return .purchase(.userCancelled)
        case .replay(let earlier, let purchase):
            let answer = try reader.replay(earlier, for: purchase)
            // A key given again is its purchase retried (a client that lost the answer, or that
            // took the state over from an owner killed before it answered): the purchase's line
            // was journaled with it, so the replay adds none (issue 38). A key reused for another
            // purchase threw above, and that refusal is journaled as a failure.
            Self.journalScope?.markRecorded()
            return .purchase(answer)
        case .redeemed(let id): return .purchase(.success(try reader.result(for: try committed(id))))
        case .refundRequested: return .refundRequest(.success)
        }
    }

    /// Runs `body` with group commit: its commits join the ledger's open batch (one SQLite
    /// transaction and one fsync for every request queued meanwhile). Returns the batch, which
    /// the caller has committed (`commitBatch`, a later turn of the store: the requests queued
    /// behind this one join it first) and made durable (`durable`) before it answers.
    func grouped<T: Sendable>(_ body: () async throws(StoreError) -> T) async throws(StoreError) -> (
        T, Ledger.BatchNumber
    ) {
        // The task-local's `withValue` rethrows untyped: the body's typed failure comes out as a value.
        let outcome: Result<T, StoreError> = await Self.$groupsCommits.withValue(true) {
            do throws(StoreError) { return .success(try await body()) } catch { return .failure(error) }
        }
        let result = try outcome.get()
        // Whatever the request read may come from the open batch: it waits for that too.
        return (result, ledger.openBatch ?? ledger.committedBatch)
    }

    /// Commits `batch` if it is still open and returns the fsync ticket that covers it
    /// (`CommitPipeline.commitBatch`); the store forgets a batch that failed and rolled back.
    func commitBatch(_ batch: Ledger.BatchNumber) throws(StoreError) -> UInt64? {
        try pipeline.commitBatch(batch)
    }

    /// After a write failed: if the failure rolled back the open batch, the cache and the
    /// signatures held its changes: forget them, so the next action reads the ledger afresh.
    func forgetRolledBackBatch() {
        guard let meta = pipeline.takeRollback() else { return }
        state.forgetRows(meta: meta ?? state.meta)
        recentSignatures = SignatureCache()
    }

    /// A grouped request's result, once its batch is committed (by a later turn of the store
    /// if no request of the batch did yet) and durable (`GroupCommit.answered`).
    nonisolated func answered<T>(_ grouped: (T, Ledger.BatchNumber)) async throws(StoreError) -> T {
        try await GroupCommit(groupSync: groupSync).answered(grouped) { (batch) async throws(StoreError) in
            try await self.commitBatch(batch)
        }
    }
}

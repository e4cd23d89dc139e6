import Foundation
import StoreCore

extension SimulatedStore {
    /// The one entry of every tester operation: each is one action of the engine, committed in
    /// one SQLite transaction (`runAction(_:)` staging a `StagedAction` behind each call below).
    public nonisolated func perform(_ operation: StoreOperation) async throws(StoreError)
        -> StoreOperationResult
    {
        try await answered(try await performGrouped(operation))
    }

    private func performGrouped(_ operation: StoreOperation) async throws(StoreError) -> (
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
        switch operation {
        case .addAccount(let account): try await addAccount(account)
        case .approveAskToBuy(let id): try await approveAskToBuy(id)
        case .declineAskToBuy(let id): try await declineAskToBuy(id)
        case .refund(let id, let reason, let percentage):
            try await refund(id, reason: reason, percentage: percentage)
        case .openRefundRequest(let id, let reason): try await openRefundRequest(id, reason: reason)
        case .grantRefundRequest(let id, let percentage):
            try await grantRefundRequest(id, percentage: percentage)
        case .declineRefundRequest(let id): try await declineRefundRequest(id)
        case .reverseRefund(let id): try await reverseRefund(id)
        case .expireSubscription(let productID): try await expireSubscription(productID: productID)
        case .forceRenewal(let productID): try await forceRenewal(productID: productID)
        case .setAutoRenew(let isOn, let id): try await setAutoRenew(isOn, transactionID: id)
        case .requestPriceIncreaseConsent(let id): try await requestPriceIncreaseConsent(transactionID: id)
        case .respondToPriceIncrease(let id, let accept):
            try await respondToPriceIncrease(transactionID: id, accept: accept)
        case .resolveIssue(let id): try await resolveIssue(transactionID: id)
        case .deleteTransaction(let id): try await deleteTransaction(id)
        case .clearTransactions: try await clearTransactions()
        case .resetToDefaultState: try await resetToDefaultState()
        case .buyOffDevice(let productID, let options):
            return .transaction(try await buyOffDevice(productID, options: options))
        case .advanceClock(let seconds): return .clock(try await advanceClock(by: seconds))
        case .advanceClockPeriods(let count, let groupID):
            return .clock(try await advanceClock(periods: count, groupID: groupID))
        case .apply(let setting): try await apply(setting)
        case .setSimulatedError(let failure, let api): try await setSimulatedError(failure, for: api)
        case .saveState(let name): return .savePoint(try saveState(name: name))
        case .loadState(let name): return .savePoint(try loadState(name: name))
        // Changes nothing: `journaled` writes its line, with the caller's screen and picture.
        case .journalNote: break
        }
        return .done
    }
}

extension SimulatedStore {
    /// The one entry of every app request: each runs as StoreKit would on a device.
    public nonisolated func perform(_ request: StoreRequest) async throws(StoreError) -> StoreRequestResult {
        try await answered(try await performGrouped(request))
    }

    private func performGrouped(_ request: StoreRequest) async throws(StoreError) -> (
        StoreRequestResult, Ledger.BatchNumber
    ) {
        try await grouped { () async throws(StoreError) in
            try await journaled(Self.journalAction(request), outcome: Self.journalOutcome(request)) {
                () async throws(StoreError) in
                try await performNow(request)
            }
        }
    }

    private func performNow(_ request: StoreRequest) async throws(StoreError) -> StoreRequestResult {
        switch request {
        case .purchase(let productID, let options, let confirmed):
            return .purchase(
                try await purchase(productID, options: options, confirmation: confirmed ? .confirm : .cancel))
        case .finish(let id): try await finish(id)
        case .sync: try await sync()
        case .redeemOfferCode(let code): return .purchase(try await redeemOfferCode(code))
        case .requestRefund(let id, let reason):
            return .refundRequest(try await requestRefund(for: id, reason: reason))
        case .showManageSubscriptions: try await showManageSubscriptions()
        }
        return .done
    }
}

extension SimulatedStore {
    /// Runs `body` with group commit: its commits join the ledger's open batch (one SQLite
    /// transaction and one fsync for every request queued meanwhile). Returns the batch, which
    /// the caller has committed (`commitBatch`, a later turn of the store: the requests queued
    /// behind this one join it first) and made durable (`durable`) before it answers.
    func grouped<T: Sendable>(_ body: () async throws(StoreError) -> T) async throws(StoreError) -> (
        T, Ledger.BatchNumber
    ) {
        let result: T
        do {
            result = try await Self.$groupsCommits.withValue(true) { try await body() }
        } catch let error as StoreError {
            throw error
        } catch {
            throw StoreError.backend("\(error)")
        }
        // Whatever the request read may come from the open batch: it waits for that too.
        return (result, ledger.openBatch ?? ledger.committedBatch)
    }

    /// Commits `batch` if it is still open and returns the fsync ticket that covers it. A batch
    /// that fails to commit is rolled back whole: every request in it gets the error, and the
    /// store forgets what it remembered of the batch's changes, reading the ledger afresh.
    func commitBatch(_ batch: Ledger.BatchNumber) throws(StoreError) -> UInt64? {
        do throws(LedgerError) {
            try ledger.commitBatch(batch)
        } catch {
            forgetRolledBackBatch()
            throw StoreError(error)
        }
        return groupSync?.latestTicket
    }

    /// After a write failed: if the failure rolled back the open batch (found by whichever
    /// write came first), the cache and the signatures held its changes: forget them, so the
    /// next action reads the ledger afresh.
    func forgetRolledBackBatch() {
        guard ledger.takeBatchRollback() else { return }
        let meta = (try? ledger.loadMeta()) ?? nil
        state.forgetRows(meta: meta ?? state.meta)
        try? ledger.forgetCaches()
        recentSignatures = SignatureCache()
    }

    /// A grouped request's result, once its batch is committed and durable (in memory, at
    /// once: nothing is committed later, nor made durable).
    nonisolated func answered<T>(_ grouped: (T, Ledger.BatchNumber)) async throws(StoreError) -> T {
        let (result, batch) = grouped
        guard let groupSync else { return result }
        // Most requests of a batch find it committed by the first of them to ask: they wait
        // for its fsync without queueing for the store again.
        if let ticket = groupSync.ticket(ofBatch: batch) {
            try await durable(ticket)
        } else {
            try await durable(try await commitBatch(batch))
        }
        return result
    }

    /// Returns once the commit with `ticket` is durable. It waits off the store, so the fsync
    /// thread wakes the caller's own executor (a server's connection thread) directly instead
    /// of the store first, and the store serves others meanwhile.
    nonisolated func durable(_ ticket: UInt64?) async throws(StoreError) {
        guard let ticket, let groupSync else { return }
        do throws(LedgerError) {
            try await groupSync.durable(ticket)
        } catch {
            throw StoreError(error)
        }
    }
}

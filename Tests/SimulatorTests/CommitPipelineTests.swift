import Foundation
import StoreCore
import Testing

@testable import Simulator

/// The write half of a commit, without a store: an action's changes sealed with their
/// update-log and due-index rows, written alone or into the open batch, signed on helper
/// threads while the ledger writes, and a failed write reported so the store can forget it.
@Suite struct CommitPipelineTests {
    func pipeline(_ parts: StoreParts, failed: CallCount = CallCount()) -> CommitPipeline {
        CommitPipeline(
            ledger: parts.ledger, groupSync: parts.ledger.groupSync, signer: parts.signer,
            ledgerFailed: failed.called)
    }

    /// An action that bought the monthly subscription (with its trial) for `tester` off the
    /// device, so the app hears of it as an update.
    func purchase(_ parts: StoreParts) throws -> (action: StagedAction, id: UInt64) {
        var action = parts.action()
        let outcome = try action.purchase(
            PurchaseRequest(productID: "pro.monthly", options: []), account: "tester", origin: .offDevice,
            checker: nil)
        guard case .purchased(let id) = outcome else { throw StoreError.backend("not purchased: \(outcome)") }
        return (action, id)
    }

    @Test func sealingAddsTheUpdateLogAndTheDueIndex() throws {
        let parts = try StoreParts()
        let (action, id) = try purchase(parts)
        let changes = try CommitPipeline.sealed(action)
        #expect(changes.updates.map(\.transactionID) == [id] && changes.updates.first?.account == "tester")
        #expect(changes.unsigned.isEmpty && changes.signatures[id] != nil)
        let key = SubscriptionChain.Key(account: "tester", groupID: TestCatalog.group)
        let expiration = try #require(changes.transactions[id]?.transaction.expirationDate)
        #expect(changes.dueDates[key] == DueEntry(due: expiration, isInRetry: false))
        #expect(DueIndex.entries(action) == changes.dueDates)
    }

    @Test func helpersSignWhileTheLedgerWrites() throws {
        let parts = try StoreParts()
        let (action, id) = try purchase(parts)
        var changes = try CommitPipeline.sealed(action, signsNow: false)
        #expect(changes.unsigned[id] != nil)
        let sequences = try pipeline(parts).write(&changes, helpers: 2, joinsBatch: false)
        #expect(sequences.count == 1)
        #expect(changes.unsigned.isEmpty)
        let signature = try #require(changes.signatures[id])
        #expect(try parts.ledger.signature(of: id) == signature)
        #expect(try parts.ledger.transaction(id: id)?.account == "tester")
    }

    @Test func aBatchIsCommittedWhenItsFirstRequestAsks() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "kiosk-commit-pipeline-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let parts = try StoreParts(.directory(directory))
        let (action, id) = try purchase(parts)
        var changes = try CommitPipeline.sealed(action)
        let writer = pipeline(parts)
        _ = try writer.write(&changes, helpers: 0, joinsBatch: true)
        let batch = try #require(parts.ledger.openBatch)
        #expect(try writer.commitBatch(batch) != nil)
        #expect(parts.ledger.openBatch == nil)
        #expect(try parts.ledger.transaction(id: id) != nil)
    }

    @Test func aFailedWriteIsReportedAndThrown() throws {
        let parts = try StoreParts()
        try parts.ledger.connection.execute(
            """
            CREATE TRIGGER test_full_disk BEFORE INSERT ON accounts
            BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END;
            """)
        var action = parts.action()
        action.put(AccountRecord.new(StoreAccount(name: "carol"), at: parts.now))
        var changes = try CommitPipeline.sealed(action)
        let failed = CallCount()
        #expect(throws: StoreError.self) {
            try pipeline(parts, failed: failed).write(&changes, helpers: 0, joinsBatch: false)
        }
        #expect(failed.count == 1)
        #expect(try parts.ledger.account(named: "carol") == nil)
    }
}

/// A ledger opened for a store: the first use recorded and journaled, the account created and
/// a reopened ledger found as it was left.
@Suite struct OpenedLedgerTests {
    @Test func aNewLedgerRecordsItsAccountAndIsFoundAgain() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "kiosk-opened-ledger-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let identity: AppIdentity
        do {
            let parts = try StoreParts(.directory(directory), account: "carol")
            #expect(try parts.ledger.account(named: "carol") != nil)
            #expect(try parts.journal().map(\.result) == ["created account carol"])
            #expect(try parts.ledger.hasDueIndex())
            identity = parts.state.meta.identity
        }
        let again = try StoreParts(.directory(directory), account: "carol")
        // Nothing new to record: no second opening line.
        #expect(try again.journal().count == 1)
        #expect(again.state.meta.identity == identity)
    }
}

/// A grouped request's wait for its answer: at once in memory, else once its batch is
/// committed (asked of the store only when no request of the batch committed it yet) and durable.
@Suite struct GroupCommitWaitTests {
    @Test func inMemoryAResultIsAnsweredAtOnce() async throws {
        let answer = try await GroupCommit(groupSync: nil).answered((5, 1)) { (_) async throws(StoreError) in
            Issue.record("nothing is committed later in memory")
            return nil
        }
        #expect(answer == 5)
    }

    @Test func aBatchIsCommittedOnceAndEveryRequestWaitsForItsFsync() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "kiosk-group-commit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let parts = try StoreParts(.directory(directory))
        var action = parts.action()
        action.put(AccountRecord.new(StoreAccount(name: "carol"), at: parts.now))
        var changes = try CommitPipeline.sealed(action)
        let pipeline = CommitPipeline(
            ledger: parts.ledger, groupSync: parts.ledger.groupSync, signer: parts.signer, ledgerFailed: {})
        _ = try pipeline.write(&changes, helpers: 0, joinsBatch: true)
        let batch = try #require(parts.ledger.openBatch)
        let ticket = try pipeline.commitBatch(batch)
        let wait = GroupCommit(groupSync: parts.ledger.groupSync)
        // The batch is committed: a second request of it does not ask the store again.
        let answer = try await wait.answered(("carol", batch)) { (_) async throws(StoreError) in
            Issue.record("the batch was committed already")
            return ticket
        }
        #expect(answer == "carol")
        try await wait.durable(ticket)
    }
}

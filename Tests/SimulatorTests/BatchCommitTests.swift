import Foundation
import StoreCore
import TestSupport
import Testing

@testable import Simulator

/// Batched commits: requests queued together share one SQLite transaction, each in a
/// savepoint of its own, and nothing is answered before its batch is committed.
@Suite struct BatchCommitTests {
    /// A ledger in a fresh directory, and a second, read-only connection to it: what that one
    /// sees is committed.
    static func ledger() throws -> (Ledger, SQLiteConnection, URL) {
        let directory = try temporaryDirectory("kiosk-batch")
        let path = directory.appendingPathComponent("ledger.sqlite").path
        let ledger = try Ledger(path: path)
        return (ledger, try SQLiteConnection(path: path, readOnly: true), directory)
    }

    static func notification(_ sequence: Int64) -> Changeset {
        var changes = Changeset()
        changes.notifications = [
            OutboxNotification(sequence: sequence, account: "tester", type: .test, createdAt: Date())
        ]
        return changes
    }

    static func committedSequences(_ reader: SQLiteConnection) throws -> [Int64] {
        var sequences: [Int64] = []
        try reader.query("SELECT sequence FROM outbox ORDER BY sequence") { sequences.append($0.integer(0)) }
        return sequences
    }

    @Test func aBatchCommitsItsRequestsTogether() throws {
        let (ledger, reader, directory) = try Self.ledger()
        defer { try? FileManager.default.removeItem(at: directory) }
        let ticket = try #require(ledger.groupSync).latestTicket
        let first = try ledger.commitInBatch(Self.notification(1)).batch
        let second = try ledger.commitInBatch(Self.notification(2)).batch
        #expect(first == second)
        #expect(try Self.committedSequences(reader).isEmpty, "nothing is committed before the batch")
        try ledger.commitBatch(first)
        #expect(try Self.committedSequences(reader) == [1, 2])
        #expect(ledger.groupSync?.latestTicket == ticket + 1, "one commit for the whole batch")
        // Committed already: asking again changes nothing, and the next batch is a new one.
        try ledger.commitBatch(first)
        #expect(try ledger.commitInBatch(Self.notification(3)).batch == first + 1)
    }

    @Test func aFailedRequestLeavesTheRestOfItsBatch() throws {
        let (ledger, reader, directory) = try Self.ledger()
        defer { try? FileManager.default.removeItem(at: directory) }
        let batch = try ledger.commitInBatch(Self.notification(1)).batch
        // The same sequence again breaks the outbox's key: only this request is taken back.
        #expect(throws: LedgerError.self) { try ledger.commitInBatch(Self.notification(1)) }
        #expect(try ledger.commitInBatch(Self.notification(2)).batch == batch)
        try ledger.commitBatch(batch)
        #expect(try Self.committedSequences(reader) == [1, 2])
    }

    @Test func anotherWriteCommitsTheOpenBatchFirst() throws {
        let (ledger, reader, directory) = try Self.ledger()
        defer { try? FileManager.default.removeItem(at: directory) }
        let batch = try ledger.commitInBatch(Self.notification(1)).batch
        try ledger.commit(Self.notification(2))
        #expect(try Self.committedSequences(reader) == [1, 2])
        #expect(ledger.openBatch == nil && ledger.committedBatch == batch)
        try ledger.commitBatch(batch)
    }

    /// A `COMMIT` that fails (here a deferred foreign key, as a full disk would) rolls the
    /// batch back whole: every request of it hears the error, the store is told to forget its
    /// cache, and the next batch starts afresh.
    @Test func aBatchThatFailsToCommitFailsEveryRequestInIt() throws {
        let (ledger, reader, directory) = try Self.ledger()
        defer { try? FileManager.default.removeItem(at: directory) }
        try ledger.connection.execute(
            """
            PRAGMA foreign_keys=ON;
            CREATE TABLE test_parent(id INTEGER PRIMARY KEY);
            CREATE TABLE test_child(parent INTEGER REFERENCES test_parent(id) DEFERRABLE INITIALLY DEFERRED);
            """)
        let batch = try ledger.commitInBatch(Self.notification(1)).batch
        #expect(try ledger.commitInBatch(Self.notification(2)).batch == batch)
        try ledger.connection.execute("INSERT INTO test_child(parent) VALUES(42)")
        #expect(throws: LedgerError.self) { try ledger.commitBatch(batch) }
        #expect(throws: LedgerError.self, "the second request of the batch hears it too") {
            try ledger.commitBatch(batch)
        }
        #expect(ledger.takeBatchRollback() && !ledger.takeBatchRollback())
        #expect(try Self.committedSequences(reader).isEmpty)
        let next = try ledger.commitInBatch(Self.notification(3)).batch
        #expect(next != batch)
        try ledger.commitBatch(next)
        #expect(try Self.committedSequences(reader) == [3])
    }

    /// The store's side of a failed batch: a purchase it held in memory is forgotten, and the
    /// store carries on from what the ledger holds.
    @Test func theStoreForgetsAPurchaseWhoseBatchWasRolledBack() async throws {
        let directory = try temporaryDirectory("kiosk-batch")
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try SimulatedStore.makeForTest(location: .directory(directory))
        try await store.prepareAFailingCommitForTests()
        let batch = try await store.purchaseInAnOpenBatchForTests("gems")
        #expect(try await store.acting(for: nil).all().count == 1, "in memory before the commit")
        try await store.breakTheOpenBatchForTests()
        await #expect(throws: StoreError.self) { try await store.commitBatch(batch) }
        #expect(try await store.acting(for: nil).all().isEmpty, "the rolled-back purchase is forgotten")
        _ = try await store.purchase("gems")
        #expect(try await store.acting(for: nil).all().count == 1)
    }

    /// Concurrent purchases on a state directory: each is committed (another connection sees
    /// its row) by the time it is answered, whichever batch it joined.
    @Test func everyAnsweredPurchaseIsCommitted() async throws {
        let directory = try temporaryDirectory("kiosk-batch")
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try SimulatedStore.makeForTest(location: .directory(directory))
        let path = directory.appendingPathComponent("ledger.sqlite").path
        let unseen = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<16 {
                group.addTask {
                    let reader = try SQLiteConnection(path: path, readOnly: true)
                    var unseen = 0
                    for _ in 0..<4 {
                        let result = try await store.perform(
                            .purchase(productID: "gems", options: [], confirmed: true))
                        guard case .purchase(.success(let verified)) = result else {
                            Issue.record("the purchase did not succeed: \(result)")
                            return 1
                        }
                        var rows = 0
                        try reader.query(
                            "SELECT COUNT(*) FROM transactions WHERE id = ?",
                            [.integer(Int64(verified.unsafePayloadValue.id))]
                        ) { rows = Int($0.integer(0)) }
                        if rows != 1 { unseen += 1 }
                    }
                    return unseen
                }
            }
            return try await group.reduce(0, +)
        }
        #expect(unseen == 0, "\(unseen) purchases were answered before their batch was committed")
        #expect(try await store.acting(for: nil).all().count == 64)
    }
}

extension SimulatedStore {
    /// A table whose deferred foreign key fails a `COMMIT` on demand.
    func prepareAFailingCommitForTests() throws {
        try ledger.connection.execute(
            """
            PRAGMA foreign_keys=ON;
            CREATE TABLE test_parent(id INTEGER PRIMARY KEY);
            CREATE TABLE test_child(parent INTEGER REFERENCES test_parent(id) DEFERRABLE INITIALLY DEFERRED);
            """)
    }

    /// A purchase written into the open batch and not committed yet.
    func purchaseInAnOpenBatchForTests(_ productID: String) async throws -> Ledger.BatchNumber {
        try await performGrouped(StoreRequest.purchase(productID: productID, options: [], confirmed: true)).1
    }

    func breakTheOpenBatchForTests() throws {
        try ledger.connection.execute("INSERT INTO test_child(parent) VALUES(42)")
    }
}

import Foundation
import Signing
import StoreCore
import Synchronization
import TestSupport
import Testing

@testable import Simulator

/// Failures the store used to swallow with `try?` (issue 25, item 3): each now reaches the
/// caller, travels with the value, or is reported.
@Suite struct ReportedFailureTests {
    /// The lines a store reported (`SimulatedStore.problemReporter`).
    final class Reports: Sendable {
        private let lines = Mutex<[String]>([])
        var all: [String] { lines.withLock { $0 } }
        @Sendable func record(_ line: String) { lines.withLock { $0.append(line) } }
    }

    /// A signer whose renewal info cannot be signed: a real failure of the statuses read.
    struct RenewalInfoFailingSigner: PayloadSigner {
        let base: CoveringSigner
        struct Refused: Error, CustomStringConvertible { var description: String { "renewal info refused" } }
        func sign(_ transaction: Transaction) throws -> String { try base.sign(transaction) }
        func sign(_ renewalInfo: RenewalInfo) throws -> String { throw Refused() }
        func sign(_ appTransaction: AppTransaction) throws -> String { try base.sign(appTransaction) }
        func sign(_ notification: NotificationPayload) throws -> String { try base.sign(notification) }
        var latestSigningDate: Date { base.latestSigningDate }
    }

    @Test func anUnfinishedTransactionWhoseSignatureCannotBeReadReachesUpdatesUnverified() async throws {
        let store = try SimulatedStore.makeForTest()
        guard case .success(let bought) = try await store.purchase("gems") else {
            Issue.record("the purchase did not complete"); return
        }
        let id = bought.unsafePayloadValue.id
        try await store.breakSignatureReadsForTests()
        let reports = Reports()
        let updates = await SimulatedStore.$problemReporter.withValue(reports.record) {
            Incoming(await store.updates())
        }
        let first = try #require(try await updates.next(waitingFor: "the unfinished purchase"))
        guard case .unverified(let transaction, let error, _) = first else {
            Issue.record("expected the purchase unverified, got \(first)"); return
        }
        #expect(transaction.id == id)
        #expect(error.isSameCase(as: .invalidEncoding()))
        #expect(reports.all.contains { $0.contains("transaction \(id)") }, "\(reports.all)")
    }

    @Test func aSnapshotFailsWhenTheStatusesFailForReal() async throws {
        let store = try SimulatedStore(
            catalog: TestCatalog(), ledger: .memory,
            signer: RenewalInfoFailingSigner(base: try CoveringSigner(authority: .ephemeral())),
            frozenClock: true, wallClock: { Date(timeIntervalSince1970: 1_767_225_600) })
        _ = try await store.purchase("pro.monthly")
        let failure = await storeError { _ = try await store.snapshot(groupID: TestCatalog.group) }
        #expect(failure == .backend("could not sign renewal info: renewal info refused"))
        // A simulated failure of the statuses still leaves them empty, and the rest is read.
        try await store.setSimulatedError(.generic(.networkError), for: .subscriptionStatus)
        let snapshot = try await store.snapshot(groupID: TestCatalog.group)
        #expect(snapshot.statuses.isEmpty)
        #expect(snapshot.records.count == 1)
    }

    @Test func aStreamThatStartsBeforeDueEventsCanRunSaysSo() async throws {
        let store = try SimulatedStore.makeForTest()
        _ = try await store.purchase("pro.monthly")
        try await store.failChainWritesForTests()
        // The advance commits the clock, then its renewal cannot be written.
        #expect(await storeError { _ = try await store.advanceClock(by: 40 * day) } != nil)
        let reports = Reports()
        _ = await SimulatedStore.$problemReporter.withValue(reports.record) { await store.updates() }
        _ = await SimulatedStore.$problemReporter.withValue(reports.record) { await store.messages() }
        #expect(reports.all.contains { $0.hasPrefix("Transaction.updates started before") }, "\(reports.all)")
        #expect(reports.all.contains { $0.hasPrefix("Message.messages started before") }, "\(reports.all)")
    }
}

extension SimulatedStore {
    /// Signatures can no longer be read back from the ledger (their headers' table is gone),
    /// and none is remembered.
    func breakSignatureReadsForTests() throws {
        try ledger.connection.execute("ALTER TABLE jws_headers RENAME TO jws_headers_gone")
        recentSignatures = SignatureCache()
    }

    /// Every write of a subscription's row fails, as on a full disk.
    func failChainWritesForTests() throws {
        try ledger.connection.execute(
            """
            CREATE TRIGGER test_full_disk BEFORE UPDATE ON chains
            BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END;
            """)
    }
}

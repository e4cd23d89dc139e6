import Foundation
import StoreCore
import TestSupport
import Testing

// The Ledger's own SQLite connection edits ledger files behind the store's back, so these tests
// need no `sqlite3` command-line tool.
@testable import Simulator

@Suite struct LedgerPersistenceTests {
    func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "kiosk-ledger-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func stateSurvivesReopening() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var unfinishedID: UInt64 = 0
        do {
            let store = try SimulatedStore.makeForTest(location: .directory(directory))
            try await store.apply(.askToBuy(true))
            _ = try await store.purchase("lifetime")
            try await store.apply(.askToBuy(false))
            guard case .success(let result) = try await store.purchase("basic.monthly") else {
                Issue.record("purchase failed")
                return
            }
            unfinishedID = result.unsafePayloadValue.id
            try await store.setSimulatedError(.generic(.networkError), for: .appStoreSync)
            #expect(try await store.integrityCheck() == "ok")
        }
        let reopened = try SimulatedStore.makeForTest(location: .directory(directory))
        #expect(try await reopened.settings().askToBuyEnabled == false)
        #expect(try await reopened.simulatedErrors() == [.appStoreSync: .generic(.networkError)])
        #expect(try await reopened.transactionRecords().map(\.state) == [.purchased, .pendingApproval])
        // An unfinished transaction comes back on the next start.
        let updates = Incoming(await reopened.updates())
        #expect(
            try await updates.next(waitingFor: "the unfinished transaction")?.unsafePayloadValue.id
                == unfinishedID)
        #expect(try await reopened.notifications().count == 1)
    }

    /// Storage failures are told in the ledger's terms with the fix, never as SQLite's own text.
    @Test func ledgerFailuresNeverSurfaceAsRawSQLite() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data(repeating: 0x41, count: 8_192).write(to: directory.appendingPathComponent("ledger.sqlite"))
        #expect {
            _ = try SimulatedStore.makeForTest(location: .directory(directory))
        } throws: { error in
            "\(error)".contains("not a readable Kiosk ledger")
                && !"\(error)".contains("file is not a database")
        }
        // SQLITE_CONSTRAINT_UNIQUE (2067): two processes writing one state directory.
        let clash = SQLiteError(
            code: 2_067, message: "UNIQUE constraint failed: outbox.sequence", path: "/s/ledger.sqlite")
        #expect(!clash.description.contains("UNIQUE"))
        #expect(clash.description.contains("another process wrote the same state directory (/s)"))
    }

    @Test func aNewerLedgerIsRefusedWithAClearMessage() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        _ = try SimulatedStore.makeForTest(location: .directory(directory))
        let path = directory.appendingPathComponent("ledger.sqlite").path
        try SQLiteConnection(path: path).execute("PRAGMA user_version=99")
        #expect {
            _ = try SimulatedStore.makeForTest(location: .directory(directory))
        } throws: { error in
            "\(error)".contains("newer than this Kiosk understands") && "\(error)".contains(path)
        }
    }

    @Test func accountsKeepTheirOwnHistories() async throws {
        let store = try SimulatedStore.makeForTest()
        try await store.addAccount(StoreAccount(name: "bob", storefront: "JPN"))
        _ = try await store.purchase("lifetime")
        try await store.switchAccount(to: "bob")
        #expect(try await store.all().isEmpty)
        #expect(try await store.storefront().currencyCode == "JPY")
        let product = try #require(try await store.products(for: ["gems"]).first)
        #expect(product.displayPrice == "¥1")
        #expect(try await store.isEligibleForIntroOffer(groupID: TestCatalog.group))
        await #expect(throws: StoreError.accountNotFound("carol")) {
            try await store.switchAccount(to: "carol")
        }
        await #expect(throws: StoreError.self) {
            try await store.addAccount(StoreAccount(name: "x", storefront: "ZZZ"))
        }
    }

    /// The default account is `tester` on every open, not whichever account sorts first.
    @Test func theDefaultAccountStaysTesterAfterAnotherIsAdded() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "kiosk-default-account-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let first = try SimulatedStore.makeForTest(location: .directory(directory))
        try await first.addAccount(StoreAccount(name: "carol"))
        #expect(await first.activeAccount == "tester")
        let reopened = try SimulatedStore.makeForTest(location: .directory(directory))
        #expect(await reopened.activeAccount == SimulatedStore.defaultAccount)
        #expect(try await reopened.accounts().map(\.name).sorted() == ["carol", "tester"])
    }

    @Test func familySharingGrantsAndRevokes() async throws {
        let store = try SimulatedStore.makeForTest()
        try await store.addAccount(StoreAccount(name: SimulatedStore.defaultAccount, familyID: "smiths"))
        try await store.addAccount(StoreAccount(name: "kid", familyID: "smiths"))
        guard case .success(let bought) = try await store.purchase("lifetime") else {
            Issue.record("purchase failed")
            return
        }
        _ = try await store.purchase("gems")
        try await store.switchAccount(to: "kid")
        let shared = try await store.currentEntitlements().map(\.unsafePayloadValue)
        #expect(shared.map(\.productID) == ["lifetime"])
        #expect(shared.first?.ownershipType == .familyShared)
        try await store.switchAccount(to: SimulatedStore.defaultAccount)
        try await store.refund(bought.unsafePayloadValue.id, reason: .other)
        try await store.switchAccount(to: "kid")
        #expect(try await store.currentEntitlements().isEmpty)
        #expect(try await store.all().first?.unsafePayloadValue.revocationType == .familyRevoke)
        // The member's server heard of the shared purchase, then of its revocation.
        #expect(try await store.notifications(account: "kid").map(\.type) == [.oneTimeCharge, .revoke])
    }
}

@Suite struct RequestAccountTests {
    @Test func concurrentRequestsActForTheirOwnAccounts() async throws {
        let store = try SimulatedStore.makeForTest()
        for name: AccountName in ["alice", "bob"] { try await store.addAccount(StoreAccount(name: name)) }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (name, product): (AccountName, String) in [("alice", "lifetime"), ("bob", "gems")] {
                group.addTask {
                    for _ in 0..<5 { _ = try await store.acting(for: name).purchase(product) }
                }
            }
            try await group.waitForAll()
        }
        let alice = try await store.acting(for: "alice").all()
        let bob = try await store.acting(for: "bob").all()
        #expect(alice.map(\.unsafePayloadValue.productID) == ["lifetime"])
        #expect(bob.count == 5 && bob.allSatisfy { $0.unsafePayloadValue.productID == "gems" })
        #expect(await store.activeAccount == SimulatedStore.defaultAccount)
    }
}

@Suite struct LedgerJWSStorageTests {
    /// Rows written before headers were kept apart (schema 2) hold the whole JWS; they must
    /// read back the same as rows that share a header.
    @Test func wholeAndSplitSignaturesReadBackTheSame() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "kiosk-jws-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var before: [String] = []
        do {
            let store = try SimulatedStore.makeForTest(location: .directory(directory))
            _ = try await store.purchase("lifetime")
            _ = try await store.purchase("gems")
            before = try await store.all().map(\.jwsRepresentation)
            #expect(before.allSatisfy { $0.split(separator: ".").count == 3 })
        }
        let path = directory.appendingPathComponent("ledger.sqlite").path
        var whole: Int64 = -1
        do {
            let connection = try SQLiteConnection(path: path)
            try connection.execute(
                """
                UPDATE transactions SET jws = (SELECT header FROM jws_headers WHERE id = jws_header) || '.' || jws,
                    jws_header = NULL WHERE id = (SELECT MIN(id) FROM transactions);
                """)
            try connection.query("SELECT COUNT(*) FROM transactions WHERE jws_header IS NULL") {
                whole = $0.integer(0)
            }
        }
        #expect(whole == 1)
        let reopened = try SimulatedStore.makeForTest(location: .directory(directory))
        #expect(try await reopened.all().map(\.jwsRepresentation) == before)
    }
}

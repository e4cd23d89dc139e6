import Foundation
import StoreCore
import Testing

@testable import Simulator

/// The ledger is the source of truth: accounts are read when first used and may be dropped
/// from memory, and a clock advance reads only the subscriptions the due-event index names.
@Suite struct LedgerScaleTests {
    func temporaryDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "kiosk-scale-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    /// `count` accounts `a0`... each subscribed monthly; then the store is reopened.
    func subscribedAccounts(_ count: Int, in directory: URL) async throws -> SimulatedStore {
        let store = try SimulatedStore.makeForTest(location: .directory(directory))
        for index in 0..<count {
            try await store.addAccount(StoreAccount(name: "a\(index)"))
            _ = try await store.acting(for: "a\(index)").purchase(
                "basic.monthly", options: [.introductoryOfferEligibility(false)])
        }
        return try SimulatedStore.makeForTest(location: .directory(directory))
    }

    @Test func anOpenReadsOnlyTheActingAccount() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try await subscribedAccounts(3, in: directory)
        #expect(await store.isCached("tester"))
        #expect(await !store.isCached("a1"))
        let entitlements = try await store.acting(for: "a1").currentEntitlements()
        #expect(entitlements.map(\.unsafePayloadValue.productID) == ["basic.monthly"])
        let statuses = try await store.acting(for: "a1").subscriptionStatuses(for: TestCatalog.group)
        #expect(statuses.map(\.state) == [.subscribed])
        #expect(await store.isCached("a1"))
        #expect(await !store.isCached("a2"))
    }

    /// With room for two accounts, every account still renews and reads back its own history.
    @Test func evictedAccountsReadBackTheSame() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try await subscribedAccounts(5, in: directory)
        await store.limitCache(accounts: 2, transactions: 3)
        _ = try await store.advanceClock(by: 31 * day)
        #expect(await store.cachedTransactionCount <= 3 + 5)
        for index in 0..<5 {
            let all = try await store.acting(for: "a\(index)").all()
            #expect(all.count == 2, "a\(index) has \(all.count) transactions")
            #expect(Set(all.map(\.unsafePayloadValue.originalID)).count == 1)
        }
        let renewals = try await store.notifications(after: 0, limit: 100).filter { $0.type == .didRenew }
        #expect(renewals.count == 5)
    }

    /// Renewals caught up in chunks of two (several chunks a commit) run in date order, every
    /// one of them.
    @Test func catchingUpInBatchesKeepsDateOrder() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try await subscribedAccounts(5, in: directory)
        await store.limitDueEventsPerCommit(2)
        let sync = try #require(await store.groupSyncForTests())
        let commits = sync.latestTicket
        let sequence = try await store.notifications(after: 0, limit: 1_000).last?.sequence ?? 0
        _ = try await store.advanceClock(by: 95 * day)
        let chunks = 15 / 2 + 1
        #expect(
            sync.latestTicket - commits >= chunks / CommitPipeline.chunksPerTransaction,
            "15 renewals, 2 a chunk, \(CommitPipeline.chunksPerTransaction) chunks a commit")
        let renewals = try await store.notifications(after: sequence, limit: 1_000)
        #expect(renewals.filter { $0.type == .didRenew }.count == 15)
        #expect(renewals.map(\.createdAt) == renewals.map(\.createdAt).sorted())
        for index in 0..<5 {
            #expect(try await store.acting(for: "a\(index)").all().count == 4)
        }
        let now = try await store.now()
        #expect(try await store.earliestIndexedDue().map { $0 > now } == true)
    }

    /// An account with more history than the budget stays in memory while it is being used:
    /// a trim drops the accounts the last action did not use, not the one at work.
    @Test func theAccountAtWorkOutlastsATrim() async throws {
        let store = try SimulatedStore.makeForTest()
        for _ in 0..<5 { _ = try await store.purchase("gems") }
        await store.limitCache(accounts: 1, transactions: 3)
        #expect(try await store.all().count == 5)
        try await store.addAccount(StoreAccount(name: "other"))
        _ = try await store.acting(for: "other").currentEntitlements()
        _ = try await store.purchase("gems")
        _ = try await store.purchase("gems")
        #expect(await store.cachedTransactionCount == 7)
        #expect(await !store.isCached("other"))
    }

    /// A clock advance with nothing due for an account does not read it.
    @Test func anAdvanceReadsOnlyAccountsWithSomethingDue() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        do {
            let store = try SimulatedStore.makeForTest(location: .directory(directory))
            try await store.addAccount(StoreAccount(name: "subscriber"))
            try await store.addAccount(StoreAccount(name: "buyer"))
            _ = try await store.acting(for: "subscriber").purchase("basic.monthly", options: [])
            _ = try await store.acting(for: "buyer").purchase("lifetime", options: [])
        }
        let store = try SimulatedStore.makeForTest(location: .directory(directory))
        _ = try await store.advanceClock(by: 40 * day)
        #expect(await store.isCached("subscriber"))
        #expect(await !store.isCached("buyer"))
        #expect(try await store.acting(for: "subscriber").all().count == 2)
    }

    /// The index follows the subscription: a refund ends it, so nothing stays due.
    @Test func theDueIndexFollowsEveryChange() async throws {
        let store = try SimulatedStore.makeForTest()
        guard case .success(let bought) = try await store.purchase("basic.monthly") else {
            Issue.record("the purchase did not succeed")
            return
        }
        let expiry = try #require(bought.unsafePayloadValue.expirationDate)
        let due = try await store.earliestIndexedDue()
        #expect(due.map { abs($0.timeIntervalSince(expiry)) < 0.001 } == true)
        try await store.refund(bought.unsafePayloadValue.id, reason: .other)
        #expect(try await store.earliestIndexedDue() == nil)
    }

    /// A ledger written before the index (schema 4) gets one on its first open, and renews.
    @Test func aLedgerWithoutTheIndexBuildsItOnOpen() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        _ = try await subscribedAccounts(2, in: directory)
        let path = directory.appendingPathComponent("ledger.sqlite").path
        try SQLiteConnection(path: path).execute(
            "DELETE FROM due_events; DELETE FROM meta WHERE key = 'due_index'")
        let store = try SimulatedStore.makeForTest(location: .directory(directory))
        #expect(try await store.indexedDueCount() == 2)
        _ = try await store.advanceClock(by: 31 * day)
        #expect(try await store.acting(for: "a1").all().count == 2)
    }

    /// Schema 5 keeps a family beside the account, so a member's share is found without
    /// reading every account, after a reopen too.
    @Test func familySharingFindsMembersAfterAReopen() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        do {
            let store = try SimulatedStore.makeForTest(location: .directory(directory))
            try await store.addAccount(StoreAccount(name: "parent", familyID: "f"))
            try await store.addAccount(StoreAccount(name: "child", familyID: "f"))
        }
        let store = try SimulatedStore.makeForTest(location: .directory(directory))
        _ = try await store.acting(for: "parent").purchase("lifetime", options: [])
        let shared = try await store.acting(for: "child").all()
        #expect(shared.map(\.unsafePayloadValue.ownershipType) == [.familyShared])
    }
}

extension SimulatedStore {
    /// Shrinks the cache so a test can watch what is read back.
    func limitCache(accounts: Int, transactions: Int) {
        state.accountBudget = accounts
        state.transactionBudget = transactions
    }

    func isCached(_ account: AccountName) -> Bool { state.isCached(account: account) }

    func limitDueEventsPerCommit(_ count: Int) { dueEventsPerCommit = count }

    var cachedTransactionCount: Int { state.cachedTransactionCount }

    func earliestIndexedDue() throws -> Date? { try ledger.earliestDue() }

    func indexedDueCount() throws -> Int { try ledger.dueKeys(through: .distantFuture).keys.count }
}

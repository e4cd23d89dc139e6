import Catalog
import Foundation
import Signing
import Simulator
import StoreCore
import Synchronization
import TestSupport
import Testing

/// Several processes on one state directory: two `kiosk store` loops and two paywall-like
/// clients make mixed purchases, Ask to Buy approvals and refunds at once. One of them owns the
/// state, the others are its clients; nothing may be lost, repeated or overwritten.
@Suite(.serialized) struct SharedStormTests {
    @Test func fourProcessesShareOneStoreWithoutLosingOrRepeatingAnything() async throws {
        let directory = try Self.freshDirectory()
        defer { Self.remove(directory) }
        let harness = StormHarness(directory: directory)
        let outcomes = await Self.storm(harness, cliCount: 50, clientCount: 50)
        // Nobody is killed: every purchase of the schedule is acknowledged, however long the
        // machine takes (three in five actions are purchases, for the loops and the clients).
        let scheduled = 2 * Self.purchases(in: 50) + 2 * Self.purchases(in: 50)
        let failures = outcomes.failures.prefix(5).joined(separator: "\n")
        #expect(
            outcomes.purchases.count == scheduled,
            "\(outcomes.purchases.count) of \(scheduled) purchases acknowledged: \(failures)")
        #expect(!outcomes.approved.isEmpty && !outcomes.refunded.isEmpty)
        try await Self.verify(directory: directory, outcomes: outcomes)
    }

    @Test func killingTheOwnerTwentyTimesLosesNothingAndClientsCarryOn() async throws {
        let directory = try Self.freshDirectory()
        defer { Self.remove(directory) }
        let harness = StormHarness(directory: directory)
        let killing = Mutex(true)
        // Kills by the storm's progress, not the clock: each after a seeded number of new
        // acknowledgements and a seeded pause. The clients go on until the twentieth, so a
        // fast machine cannot end the storm first and a slow one only takes longer.
        let killer = Task { () throws -> (kills: Int, awaited: Int) in
            defer { killing.withLock { $0 = false } }
            var generator = SplitMix64(seed: Self.seed)
            var (kills, awaited) = (0, 0)
            while kills < 20 {
                let step = Int.random(in: 3...5, using: &generator)
                let target = harness.acknowledged + step
                try await waitUntil(
                    "\(step) more acknowledged purchases before kill \(kills + 1) (seed \(Self.seed))"
                ) { harness.acknowledged >= target }
                awaited += step
                try await Task.sleep(for: .milliseconds(Int.random(in: 0...50, using: &generator)))
                // The owner may be between two short-lived `kiosk store` processes: look again.
                try await waitUntil("an owner to kill (kill \(kills + 1))") { harness.killOwner() != nil }
                kills += 1
            }
            return (kills, awaited)
        }
        let outcomes = await Self.storm(
            harness, cliCount: 80, clientCount: 150, restartKilledClients: true,
            keepGoing: { killing.withLock { $0 } })
        let (kills, awaited) = try await killer.value
        print(
            "owner killed \(kills) times; \(outcomes.purchases.count) purchases acknowledged; failures: \(outcomes.failures.count)"
        )
        #expect(awaited >= 50, "the schedule waits for enough purchases to mean anything")
        let failures = outcomes.failures.prefix(5).joined(separator: "\n")
        #expect(
            outcomes.purchases.count >= awaited,
            "the kills waited for \(awaited) purchases; \(outcomes.purchases.count) were read back: \(failures)"
        )
        try await Self.verify(directory: directory, outcomes: outcomes)
    }

    /// The kills' schedule: `KIOSK_TEST_SEED` replays a failing run's.
    static let seed = UInt64(ProcessInfo.processInfo.environment["KIOSK_TEST_SEED"] ?? "") ?? 0x4B10_5707

    /// Purchases among `count` actions of a loop or client (actions 0, 1 and 2 of every five).
    static func purchases(in count: Int) -> Int { (0..<count).filter { $0 % 5 < 3 }.count }

    /// Two `kiosk store` loops and two clients at once; a killed client starts again as a new
    /// account (its keys are its own) for the actions it had left, and a client that is done
    /// starts again while `keepGoing` says so.
    static func storm(
        _ harness: StormHarness, cliCount: Int, clientCount: Int, restartKilledClients: Bool = false,
        keepGoing: @escaping @Sendable () -> Bool = { false }
    ) async -> StormHarness.Outcomes {
        await withTaskGroup(of: StormHarness.Outcomes.self) { group in
            for name in ["shell-a", "shell-b"] {
                group.addTask { await harness.storeLoop(account: name, count: cliCount) }
            }
            for name in ["paywall-a", "paywall-b"] {
                group.addTask {
                    var total = StormHarness.Outcomes()
                    var round = 0
                    var remaining = clientCount
                    while remaining > 0 || keepGoing() {
                        let (status, outcomes) = await harness.client(
                            account: "\(name).\(round)", count: max(remaining, 10))
                        total.merge(outcomes)
                        guard restartKilledClients, status != 0 || keepGoing() else { break }
                        remaining -= max(1, outcomes.purchases.count + outcomes.refunded.count)
                        round += 1
                    }
                    return total
                }
            }
            var all = StormHarness.Outcomes()
            for await outcomes in group { all.merge(outcomes) }
            return all
        }
    }

    /// Every acknowledged purchase is in the ledger exactly once under its own account, no ID
    /// was given to two purchases, no key was applied twice, approvals and refunds took, each
    /// key answers with its transaction again, and SQLite finds the file sound.
    static func verify(directory: URL, outcomes: StormHarness.Outcomes) async throws {
        let ids = outcomes.purchases.map(\.id)
        #expect(Set(ids).count == ids.count, "one transaction ID was acknowledged for two purchases")
        let store = try openLedger(directory)
        #expect(try await store.integrityCheck() == "ok")
        for (account, tried) in outcomes.keysTried {
            do {
                let bound = store.acting(for: AccountName(account))
                let records = try await bound.transactionRecords()
                #expect(
                    records.count <= tried, "\(account): \(records.count) transactions from \(tried) keys")
                let byID = Dictionary(records.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
                for purchase in outcomes.purchases where purchase.account == account {
                    let record = try #require(byID[purchase.id], "acknowledged \(purchase) was lost")
                    #expect(record.transaction.unsafePayloadValue.productID == StormHarness.product)
                    let replay = try await bound.purchase(
                        StormHarness.product, options: [.idempotencyKey(purchase.key)])
                    guard case .success(let verification) = replay else {
                        Issue.record("replaying \(purchase.key) gave \(replay)")
                        continue
                    }
                    #expect(verification.unsafePayloadValue.id == purchase.id, "key \(purchase.key)")
                }
                for id in outcomes.approved where byID[id] != nil {
                    #expect(byID[id]?.state != .pendingApproval, "approved \(id) is still pending")
                }
                for id in outcomes.refunded where byID[id] != nil {
                    #expect(byID[id]?.state == .refunded, "refunded \(id) is \(byID[id]!.state)")
                }
            }
        }
        let accountsTouched = Set(outcomes.approved + outcomes.refunded)
        let known = try await withThrowingTaskGroup(of: [UInt64].self) { group in
            for account in outcomes.keysTried.keys {
                group.addTask {
                    try await store.acting(for: AccountName(account)).transactionRecords().map(\.id)
                }
            }
            return try await group.reduce(into: Set<UInt64>()) { $0.formUnion($1) }
        }
        #expect(accountsTouched.isSubset(of: known), "an approval or refund names a transaction that is gone")
    }

    /// The state's store, opened directly on its ledger (the storm's processes are gone).
    static func openLedger(_ directory: URL) throws -> SimulatedStore {
        try SimulatedStore.open(
            catalog: try LoadedCatalog.load(
                contentsOf: StormHarness.root.appendingPathComponent("catalogs/demo.storekit").path),
            location: .directory(directory))
    }

    static func freshDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "kiosk-shared-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    static func remove(_ directory: URL) {
        try? FileManager.default.removeItem(at: directory)
        try? FileManager.default.removeItem(
            at: directory.deletingLastPathComponent().appendingPathComponent(
                directory.lastPathComponent + "-out"))
    }
}

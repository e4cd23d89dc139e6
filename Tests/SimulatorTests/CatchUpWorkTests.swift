import Foundation
import Signing
import StoreCore
import Testing

@testable import Simulator

/// A month's renewals on many accounts at once, as a shared QA server left overnight or a
/// restored save point meets them: every one runs, and the work each costs does not grow with
/// how many are due. Work is counted (SQLite statements and virtual-machine steps, the engine's
/// lookups), never timed; `kiosk-bench scale` measures the rates.
@Suite struct CatchUpWorkTests {
    struct Work {
        var renewals: Int
        var statements: Int
        var virtualMachineSteps: Int
        var lookups: Int

        func perRenewal(_ figure: KeyPath<Work, Int>) -> Double {
            Double(self[keyPath: figure]) / Double(max(renewals, 1))
        }
    }

    /// `accounts` monthly subscribers written by the bulk generator (each bought at one instant
    /// with a fraction of a millisecond, as a real clock gives it), opened, then advanced a month
    /// with `perCommit` due events a commit; the work of that advance.
    func advanceAMonth(accounts: Int, perCommit: Int) async throws -> Work {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "kiosk-catch-up-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let signer = try CoveringSigner(authority: .ephemeral())
        _ = try SimulatedStore.generateHistory(
            catalog: TestCatalog(), ledger: .directory(directory), signer: signer, accounts: accounts,
            renewals: 0, productID: "basic.monthly")
        let store = try SimulatedStore(
            catalog: TestCatalog(), ledger: .directory(directory), signer: signer, frozenClock: true)
        await store.limitDueEventsPerCommit(perCommit)
        let before = await store.workCounts()
        let sequence = try await store.notifications(after: 0, limit: 1).first?.sequence ?? 0
        _ = try await store.advanceClock(by: 31 * day)
        let after = await store.workCounts()
        var renewals = 0
        var last = sequence
        while true {
            let page = try await store.notifications(after: last, limit: 1_000)
            guard let end = page.last?.sequence else { break }
            renewals += page.filter { $0.type == .didRenew }.count
            last = end
        }
        let now = try await store.now()
        #expect(try await store.earliestIndexedDue().map { $0 > now } == true, "something is still due")
        return Work(
            renewals: renewals, statements: after.sql.statements - before.sql.statements,
            virtualMachineSteps: after.sql.virtualMachineSteps - before.sql.virtualMachineSteps,
            lookups: after.lookups - before.lookups)
    }

    /// More subscriptions due in one millisecond than a commit takes: each commit's batch ends
    /// at that millisecond, and once ran none of them, for ever (`kiosk-bench scale` at 20,000
    /// accounts never finished). The time limit turns such a loop into a failure.
    @Test(.timeLimit(.minutes(1))) func moreRenewalsDueAtOneInstantThanACommitTakesAllRun() async throws {
        let work = try await advanceAMonth(accounts: 120, perCommit: 50)
        #expect(work.renewals == 120)
    }

    /// 100 and 2,000 accounts due at once cost the same per renewal, to within what varies from
    /// one advance to the next (the fixed cost of an advance spread over fewer renewals, how the
    /// due events fall into batches). Measured from 50 to 4,000 accounts: 11 to 15 lookups, 6.4
    /// to 8.7 statements and 277 to 325 SQLite steps a renewal, in no order of size. A cost that grew with the accounts due, the
    /// regression's shape, would be 20 times as much per renewal at 2,000.
    @Test(.timeLimit(.minutes(3))) func theWorkPerRenewalDoesNotGrowWithTheAccountsDue() async throws {
        let few = try await advanceAMonth(accounts: 100, perCommit: 50)
        let many = try await advanceAMonth(accounts: 2_000, perCommit: 50)
        #expect(few.renewals == 100)
        #expect(many.renewals == 2_000)
        for (name, figure) in [
            ("statements", \Work.statements), ("SQLite VM steps", \Work.virtualMachineSteps),
            ("lookups", \Work.lookups),
        ] {
            let ratio = many.perRenewal(figure) / few.perRenewal(figure)
            #expect(
                ratio < 1.5,
                "\(name) per renewal: \(few.perRenewal(figure)) at 100 accounts, \(many.perRenewal(figure)) at 2,000"
            )
        }
    }
}

extension SimulatedStore {
    /// What the store asked of its ledger and its engine's lookups so far.
    func workCounts() -> (sql: SQLiteWork, lookups: Int) { (ledger.connection.work, state.lookups) }
}

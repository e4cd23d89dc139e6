import Foundation
import StoreCore
import Testing

@testable import Simulator

/// I/O failures injected into the ledger as SQLite's own tests inject them (its test VFS fails
/// the Nth read, write, sync or lock): each I/O call of a purchase, a finish, a renewal, a save
/// point, its load and an imported save point fails in turn, with `SQLITE_IOERR`,
/// `SQLITE_FULL` and `SQLITE_BUSY`.
/// Each must end in a refusal or a success; never an acknowledged purchase that is not on
/// disk, never a ledger the next open cannot read, never a store that only a restart cures.
/// Bounded: at most `pointsPerCase` fault points a case, spread over its calls.
@Suite(.serialized) struct LedgerFaultInjectionTests {
    static let pointsPerCase = Int(ProcessInfo.processInfo.environment["KIOSK_FAULT_POINTS"] ?? "") ?? 10

    enum Action: String, CaseIterable {
        case purchase, finish, renewal, savePoint, loadSavePoint, importSavePoint
    }

    /// Each call kind with the failures it meets in life (a lock is refused busy or fails).
    static let faults: [(FaultInjectingVFS.Operation, FaultInjectingVFS.Failure)] = [
        (.read, .ioError), (.write, .ioError), (.write, .diskFull), (.sync, .ioError), (.lock, .busy),
        (.lock, .ioError),
    ]

    /// A state with a subscription due within a month, an unfinished consumable and a save
    /// point; returns the directory and the consumable's transaction ID.
    func baseline() async throws -> (directory: URL, unfinished: UInt64) {
        FaultInjectingVFS.install()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "kiosk-faults-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let store = try SimulatedStore.makeForTest(location: .directory(directory))
        _ = try await store.purchase("basic.monthly", options: [.introductoryOfferEligibility(false)])
        guard case .success(let gems) = try await store.purchase("gems") else {
            throw StoreError.backend("the baseline's consumable was not bought")
        }
        _ = try await store.perform(.saveState(name: "before"))
        return (directory, gems.unsafePayloadValue.id)
    }

    /// What an action acknowledged, to look for on disk after a reopen.
    enum Acknowledged {
        case purchase(UInt64), finish(UInt64), renewal, savePoint, loaded, imported
    }

    func run(_ action: Action, on store: SimulatedStore, in directory: URL, unfinished: UInt64)
        async throws(StoreError) -> Acknowledged
    {
        switch action {
        case .purchase:
            guard case .success(let bought) = try await store.purchase("lifetime") else {
                throw StoreError.backend("the purchase did not succeed")
            }
            return .purchase(bought.unsafePayloadValue.id)
        case .finish:
            try await store.finish(unfinished)
            return .finish(unfinished)
        case .renewal:
            _ = try await store.advanceClock(by: 32 * day)
            return .renewal
        case .savePoint:
            _ = try await store.perform(.saveState(name: "after"))
            return .savePoint
        case .loadSavePoint:
            _ = try await store.perform(.loadState(name: "before"))
            return .loaded
        case .importSavePoint:
            // As `kiosk state import` does it: check, install beside, load, then keep. The
            // check reads a private copy in the temporary directory, which other suites share,
            // so its own reads are not faulted; the install and the load are in the state.
            let checked = try SavePointImport(
                file: SavePoints.url(named: "before", in: directory), name: "imported")
            let installation = try checked.install(into: directory, authority: false)
            do throws(StoreError) {
                _ = try await store.perform(.loadState(name: "imported"))
            } catch {
                installation.rollback()
                throw error
            }
            installation.commit()
            return .imported
        }
    }

    /// One trial: a fresh baseline, the action with `plan` armed, then the checks. Returns
    /// whether the planned call was reached (and failed).
    func trial(_ action: Action, plan: (FaultInjectingVFS.Operation, FaultInjectingVFS.Failure), failing: Int)
        async throws -> (
            reached: Bool, calls: Int
        )
    {
        let (directory, unfinished) = try await baseline()
        defer { try? FileManager.default.removeItem(at: directory) }  // the trial's scratch state
        var acknowledged: Acknowledged?
        let counted: (calls: [FaultInjectingVFS.Operation: Int], failed: Bool)
        do {
            let store = try SimulatedStore.makeForTest(location: .directory(directory))
            FaultInjectingVFS.arm(
                .init(directory: directory.path, operation: plan.0, failing: failing, failure: plan.1))
            do throws(StoreError) {
                acknowledged = try await run(action, on: store, in: directory, unfinished: unfinished)
            } catch {
                // A refusal: allowed. It must say something a user can act on.
                #expect(!error.description.isEmpty)
            }
            counted = FaultInjectingVFS.disarm()
            // The same store goes on: a purchase after the failure succeeds, at the latest on
            // the second try (the first may meet the rolled-back batch and say so).
            var said: [String] = []
            for _ in 0..<2 {
                do throws(StoreError) {
                    if case .success = try await store.purchase("gems") { break }
                    said.append("the purchase did not succeed")
                } catch {
                    said.append(error.description)
                }
            }
            #expect(
                said.count < 2,
                "\(action), \(plan.0) call \(failing) failing with \(plan.1): the store did not recover: \(said)"
            )
        }
        // The next open reads the ledger, and what was acknowledged is in it.
        let reopened = try SimulatedStore.makeForTest(location: .directory(directory))
        let all = try await reopened.all().map(\.unsafePayloadValue)
        switch acknowledged {
        case .purchase(let id):
            #expect(all.contains { $0.id == id }, "acknowledged purchase \(id) is not on disk")
        case .finish(let id):
            #expect(try await !reopened.unfinished().contains { $0.unsafePayloadValue.id == id })
        case .renewal:
            #expect(
                all.filter { $0.productID == "basic.monthly" }.count >= 2,
                "the acknowledged renewal is not on disk")
        case .savePoint:
            _ = try await reopened.perform(.loadState(name: "after"))
        case .imported:
            _ = try await reopened.perform(.loadState(name: "imported"))
        case .loaded, nil:
            break
        }
        return (counted.failed, counted.calls[plan.0] ?? 0)
    }

    @Test(arguments: Action.allCases) func everyFaultPointEndsInARefusalOrASuccessOnDisk(_ action: Action)
        async throws
    {
        var tried = 0
        var reached = 0
        for (operation, failure) in Self.faults {
            // Counting run: how many calls of this kind the action makes.
            let calls = try await trial(action, plan: (operation, failure), failing: 0).calls
            guard calls > 0 else { continue }
            let step = max(1, calls / Self.pointsPerCase)
            for failing in stride(from: 1, through: calls, by: step).prefix(Self.pointsPerCase) {
                let outcome = try await trial(action, plan: (operation, failure), failing: failing)
                tried += 1
                if outcome.reached { reached += 1 }
            }
        }
        // The count for the note: every point tried is checked by the expectations above.
        print("fault injection: \(action): \(tried) fault points tried, \(reached) of them reached")
        #expect(tried > 0, "\(action) made no I/O call the faults could reach")
        #expect(reached > 0)
    }
}

import Foundation
import Signing
import StoreCore
import Testing

@testable import Simulator

/// The store's blocking work (fsync, batch signing) runs on the store's own thread, never on a
/// thread of Swift's cooperative pool.
@Suite struct StoreExecutorTests {
    /// Runs on the store's executor: where a store action's commit runs.
    func threadName(on store: isolated SimulatedStore) -> String? {
        Thread.current.name
    }

    @Test func storeActionsRunOnTheStoresOwnThread() async throws {
        let store = try SimulatedStore.makeForTest()
        _ = try await store.purchase("lifetime")
        let name = await threadName(on: store)
        #expect(name == "kiosk-store", "the store ran on \(name ?? "an unnamed thread")")
    }

    /// A server's store runs on the threads that call it (its connection threads), sparing a
    /// switch to the store's thread and back for every request.
    @Test func aStoreForCallerThreadsRunsWhereItIsCalled() async throws {
        let store = try SimulatedStore(
            catalog: TestCatalog(), ledger: .memory,
            signer: try CoveringSigner(authority: CertificateAuthority.ephemeral()), frozenClock: true,
            execution: .callerThreads)
        _ = try await store.purchase("lifetime")
        #expect(await threadName(on: store) != "kiosk-store")
    }

    @Test func theStoreIsReleasedDespiteItsThread() async throws {
        weak var released: SimulatedStore?
        do {
            let store = try SimulatedStore.makeForTest()
            _ = try await store.purchase("gems")
            released = store
        }
        let deadline = ContinuousClock.now + .seconds(10)
        while released != nil, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(10)) }
        #expect(released == nil, "the store outlived its last reference")
    }
}

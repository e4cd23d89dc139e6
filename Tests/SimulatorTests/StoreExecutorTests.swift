import Foundation
import Signing
import StoreCore
import TestSupport
import Testing

@testable import Simulator

/// The store's blocking work (fsync, batch signing) runs on the store's own thread, never on a
/// thread of Swift's cooperative pool.
@Suite struct StoreExecutorTests {
    /// Runs on the store's executor: where a store action's commit runs.
    func thread(on store: isolated SimulatedStore) -> UInt { UInt(pthread_self()) }

    @Test func storeActionsRunOnTheStoresOwnThread() async throws {
        let store = try SimulatedStore.makeForTest()
        _ = try await store.purchase("lifetime")
        let ran = await thread(on: store)
        let own = try #require(store.executor.ownThreadID)
        #expect(own != 0 && ran == own, "the store ran on thread \(ran), its own is \(own)")
    }

    /// A server's store runs on the threads that call it (its connection threads), sparing a
    /// switch to the store's thread and back for every request.
    @Test func aStoreForCallerThreadsRunsWhereItIsCalled() async throws {
        let store = try SimulatedStore(
            catalog: TestCatalog(), ledger: .memory,
            signer: try CoveringSigner(authority: CertificateAuthority.ephemeral()), frozenClock: true,
            execution: .callerThreads)
        _ = try await store.purchase("lifetime")
        #expect(store.executor.ownThreadID == nil)
    }

    @Test func theStoreIsReleasedDespiteItsThread() async throws {
        weak var released: SimulatedStore?
        do {
            let store = try SimulatedStore.makeForTest()
            _ = try await store.purchase("gems")
            released = store
        }
        try await waitUntil("the store's release") { released == nil }
        #expect(released == nil, "the store outlived its last reference")
    }
}

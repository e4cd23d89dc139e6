import Foundation
import Signing
import StoreCore
import TestSupport
import Testing

@testable import Simulator

/// The store's blocking work (fsync, batch signing) runs on the store's own thread, never on a
/// thread of Swift's cooperative pool.
@Suite struct StoreExecutorTests {
    /// Where the store runs and the thread it calls its own, read together on the store: its
    /// thread ends once idle (0.1 s), so a read after the call could find none.
    func threads(on store: isolated SimulatedStore) -> (ran: UInt, own: UInt?) {
        (UInt(pthread_self()), store.executor.ownThreadID)
    }

    @Test func storeActionsRunOnTheStoresOwnThread() async throws {
        let store = try SimulatedStore.makeForTest()
        _ = try await store.purchase("lifetime")
        let (ran, own) = await threads(on: store)
        #expect(
            own != 0 && ran == own, "the store ran on thread \(ran), its own is \(String(describing: own))")
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

    /// A store kept but not used holds no thread: its thread ends once idle, and the next call
    /// starts another, where the store's work runs as before.
    @Test func anIdleStoresThreadEndsAndTheNextCallStartsOne() async throws {
        let store = try SimulatedStore.makeForTest()
        _ = try await store.purchase("lifetime")
        #expect(await threads(on: store).own != 0)
        try await waitUntil("the idle store's thread to end") { store.executor.ownThreadID == 0 }
        _ = try await store.purchase("gems")
        let (ran, own) = await threads(on: store)
        #expect(
            own != 0 && ran == own, "the store ran on thread \(ran), its own is \(String(describing: own))")
    }
}

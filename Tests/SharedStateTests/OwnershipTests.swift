import Catalog
import Foundation
import RemoteStore
import SharedState
import Signing
import Simulator
import StoreCore
import TestSupport
import Testing

/// Ownership of a state directory inside one process (two `StateOwnership`s stand for two
/// processes: `flock` conflicts between open files even within a process).
@Suite struct OwnershipTests {
    static func ownership(_ directory: URL, _ command: String) -> StateOwnership {
        StateOwnership(directory: directory, command: command) {
            let catalog = try LoadedCatalog.load(
                contentsOf: StormHarness.root.appendingPathComponent("catalogs/demo.storekit").path)
            let opened = try SimulatedStore.openSigned(
                catalog: catalog, location: .directory(directory), frozenClock: true)
            return (opened.store, opened.authority.root)
        }
    }

    @Test func theSecondProcessIsAClientAndTakesOverWhenTheOwnerQuits() async throws {
        let directory = try SharedStormTests.freshDirectory()
        defer { SharedStormTests.remove(directory) }
        let first = Self.ownership(directory, "first")
        guard case .owner = try await first.attach() else {
            Issue.record("the first process must own a fresh state")
            return
        }
        let second = Self.ownership(directory, "second")
        guard case .client = try await second.attach() else {
            Issue.record("the second process must be a client while the first owns the state")
            return
        }
        #expect(second.owner?.command == "first")
        let client = try await second.clientStore(account: "tester")
        _ = try await client.purchase("com.kiosk.lumen.filmpack")
        await first.release()
        // The owner is gone: the client's next call takes the state over, losing nothing.
        _ = try await client.purchase("com.kiosk.lumen.aicredits10")
        #expect(await second.ownedStore != nil, "the client took the state over")
        #expect(second.owner?.command == "second")
        let products = try await client.all().map(\.unsafePayloadValue.productID)
        #expect(products == ["com.kiosk.lumen.filmpack", "com.kiosk.lumen.aicredits10"])
        await second.release()
    }

    @Test func switchingAccountMovesTheOpenStreams() async throws {
        let directory = try SharedStormTests.freshDirectory()
        defer { SharedStormTests.remove(directory) }
        let owner = Self.ownership(directory, "owner")
        guard case .owner(let store) = try await owner.attach() else {
            Issue.record("a fresh state must be owned")
            return
        }
        try await store.addAccount(StoreAccount(name: "bob"))
        let client = try await owner.clientStore(account: "tester")
        let updates = await client.updates()
        // switchAccount returns once the stream listens as bob: no wait is needed after it.
        try await client.switchAccount(to: "bob")
        // Tester's purchase does not arrive; bob's does, live. Bob finishes it at once: a
        // stream that reconnected later (as a new listener, which is sent only unfinished
        // transactions) would never see it.
        _ = try await store.acting(for: "tester").buyOffDevice("com.kiosk.lumen.lifetime", options: [])
        let bob = store.acting(for: "bob")
        let bobs = try await bob.buyOffDevice("com.kiosk.lumen.filmpack", options: [])
        try await bob.finish(bobs.id)
        let update = try await Incoming(updates).next(waitingFor: "bob's purchase on the moved stream")
        #expect(update?.unsafePayloadValue.id == bobs.id, "the open stream follows the new account")
        await owner.release()
    }
}

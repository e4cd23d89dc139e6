import Catalog
import Foundation
import SharedState
import Signing
import Simulator
import StoreCore
import TestSupport
import Testing

/// The owner of a state directory (a paywall, `kiosk store` holding the state) keeps the
/// store's time running with nobody listening: renewals fall due at their time (issue 23).
@Suite struct OwnerKeepsTimeTests {
    @Test func renewalsHappenWhileTheOwnerHoldsTheStateAndNobodyWatches() async throws {
        let directory = try SharedStormTests.freshDirectory()
        defer { SharedStormTests.remove(directory) }
        let ownership = StateOwnership(directory: directory, command: "paywall") {
            let catalog = try LoadedCatalog.load(
                contentsOf: StormHarness.root.appendingPathComponent("catalogs/demo.storekit").path)
            let opened = try SimulatedStore.openSigned(catalog: catalog, location: .directory(directory))
            return (opened.store, opened.authority.root)
        }
        guard case .owner(let store) = try await ownership.attach() else {
            Issue.record("a fresh state must be owned")
            return
        }
        try await store.apply(.timeRate(.oneRenewalEveryTwoSeconds))
        _ = try await store.purchase("com.kiosk.lumen.pro.monthly")
        // No update stream, no events, no further call from the owner: only its timer.
        try await waitUntil("a DID_RENEW with nobody watching") {
            try await store.notifications().contains { $0.type == .didRenew }
        }
        await ownership.release()
    }
}

import Catalog
import Foundation
import Signing
import Simulator

/// The demo catalog's store in memory on a frozen clock, with the authority that signs for it:
/// what the hand-over and owner-record tests serve.
enum DemoStore {
    static func inMemory() throws -> (store: SimulatedStore, authority: CertificateAuthority) {
        let catalog = try LoadedCatalog.load(
            contentsOf: StormHarness.root.appendingPathComponent("catalogs/demo.storekit").path)
        let opened = try SimulatedStore.openSigned(
            catalog: catalog, location: .ephemeral(), frozenClock: true)
        return (opened.store, opened.authority)
    }
}

import Catalog
import Foundation
import HTTP
import RemoteStore
import Signing
import Simulator
import StoreCore
import StoreServer
import Testing

/// The caller's session and screen reach the owner's journal over the wire (`Kiosk-*` headers),
/// and a request that names none is journaled as the server's.
@Suite struct JournalOverTheWireTests {
    @Test func theClientsSessionScreenAndPictureTravelWithItsRequests() async throws {
        let catalog = try LoadedCatalog.load(contentsOf: Demo.catalogPath)
        let authority = try CertificateAuthority.ephemeral()
        let store = try SimulatedStore.open(
            catalog: catalog, location: .memory(signedBy: authority), frozenClock: true)
        let (remote, server) = try Backend.served(store, authority: authority)
        let picture = "╭─ App Store ─╮\n│ [ Confirm ] │\n╰─────────────╯"
        let context = JournalContext(
            session: "remote-1", source: .paywall, screen: "payment-sheet", picture: picture)
        _ = try await context.bound { () async throws(StoreError) in
            try await remote.perform(
                StoreRequest.purchase(productID: Demo.lifetime, options: [], confirmed: true))
        }
        _ = try await remote.perform(StoreOperation.apply(.askToBuy(true)))
        let lines = try await store.journal()
        let purchase = try #require(lines.first { $0.action == "Purchasing \(Demo.lifetime)" })
        #expect(purchase.session == "remote-1" && purchase.source == .paywall)
        #expect(purchase.screen == "payment-sheet" && purchase.picture == picture)
        let setting = try #require(lines.last)
        #expect(setting.source == .wire && setting.session != "remote-1" && setting.screen == nil)
        await server.stop(gracePeriod: 1)
    }
}

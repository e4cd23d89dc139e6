import Catalog
import Foundation
import Paywall
import PaywallCatalog
import PaywallLaunch
import Simulator
import StoreCore
import TerminalUI
import TestSupport
import Testing

/// What `kiosk` sets around the paywall's screen: the app as asked, and the session's start and
/// end in the store's journal.
@Suite struct PaywallSessionTests {
    @Test func theAppIsMadeAsAskedAndTheSessionIsJournaled() async throws {
        let catalog = try LoadedCatalog.load(contentsOf: PackageFiles.catalog("demo"))
        let store = try SimulatedStore.open(catalog: catalog, location: .ephemeral(), frozenClock: true)
        let theme = try Theme.load(named: "default", in: PackageFiles.themesDirectory)
        let session = await PaywallSession(
            opened: OpenedStore(store: store, ownership: nil, backendName: "sim"),
            content: PaywallContent(catalog: catalog), theme: theme, style: .picker,
            screenshots: NSTemporaryDirectory(), logPath: nil, journal: nil)
        #expect(session.app.controlStyle == .picker)
        #expect(session.app.screenSaver != nil)
        await session.journalEnd()
        let actions = try await store.journal().map(\.action)
        #expect(actions.last == "Paywall closed", "\(actions)")
    }
}

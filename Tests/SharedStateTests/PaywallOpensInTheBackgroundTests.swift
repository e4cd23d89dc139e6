import Catalog
import Foundation
import Paywall
import PaywallLaunch
import Signing
import Simulator
import StoreCore
import Synchronization
import TerminalUI
import TestSupport
import Testing

/// The paywall's first frame does not wait for the ledger: `kiosk` hands the paywall an
/// `OpeningStore` whose open runs in the background, and the loading screen paints meanwhile.
@Suite struct PaywallOpensInTheBackgroundTests {
    /// A headless terminal that counts its frames, readable from the test's thread.
    final class CountingTerminal: TerminalBackend, Sendable {
        let frames = Mutex(0)
        let size = Size(columns: 100, rows: 30)

        func draw(_ buffer: Buffer) { frames.withLock { $0 += 1 } }
        func setCursor(_ position: Point?) {}
        func readKey(timeoutMilliseconds: Int32) -> Key? {
            usleep(UInt32(max(timeoutMilliseconds, 1)) * 1000)
            return nil
        }
        func invalidate() {}
        func end() {}
    }

    /// Whether the store's open may finish, and whether it has.
    final class Gate: Sendable {
        let isOpen = Mutex(false)
        let hasOpened = Mutex(false)
        let report = Mutex<PaywallApp.Report?>(nil)
    }

    @Test func theLoadingScreenPaintsBeforeTheStoreIsOpen() async throws {
        let catalog = try LoadedCatalog.load(
            contentsOf: StormHarness.root.appendingPathComponent("catalogs/demo.storekit").path)
        let gate = Gate()
        let opening = OpeningStore {
            // Held until the test has seen a frame; a paywall that never paints fails the
            // test's own wait first, and this one then gives up too.
            try await waitUntil("the test to let the store open") { gate.isOpen.withLock { $0 } }
            let store = try SimulatedStore.open(catalog: catalog, location: .ephemeral(), frozenClock: true)
            gate.hasOpened.withLock { $0 = true }
            return OpenedStore(store: store, ownership: nil, backendName: "sim")
        }
        var app = PaywallApp(
            store: opening, content: PaywallContent(leadingGroupID: catalog.leadingGroupID),
            theme: .monochrome)
        app.exitsAfterFirstLoadedFrame = true
        let terminal = CountingTerminal()
        let paywall = app
        Thread {
            let report = paywall.run(on: terminal)
            gate.report.withLock { $0 = report }
        }.start()

        try await waitUntil("a frame painted while the store was opening") {
            terminal.frames.withLock { $0 } > 0
        }
        #expect(!gate.hasOpened.withLock { $0 })
        gate.isOpen.withLock { $0 = true }
        try await waitUntil("the paywall to show the products and end") { gate.report.withLock { $0 } != nil }
        let report = try #require(gate.report.withLock { $0 })
        #expect(report.firstLoadedFrame != nil)
        #expect(gate.hasOpened.withLock { $0 })
    }
}

import Catalog
import Foundation
import Paywall
import PaywallCatalog
import Signing
import Simulator
import StoreCore
import TerminalUI

/// A store and paywall content on the bundled demo catalog, with a fixed wall clock so every
/// rendered frame is the same on every run.
enum Fixtures {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let start = Date(timeIntervalSince1970: 1_780_000_000)  // 2026-05-28

    static func catalog(_ name: String = "demo") throws -> LoadedCatalog {
        try LoadedCatalog.load(contentsOf: root.appendingPathComponent("catalogs/\(name).storekit").path)
    }

    static func store(_ name: String = "demo") throws -> SimulatedStore {
        let catalog = try catalog(name)
        return try SimulatedStore.open(
            catalog: catalog, location: .ephemeral(), frozenClock: true, wallClock: { start })
    }

    /// The content the CLI shows for this catalog: the same mapping, not a copy of it.
    static func content(_ name: String = "demo") throws -> PaywallContent {
        PaywallContent(catalog: try catalog(name))
    }

    static func theme(_ name: String = "default") throws -> Theme {
        try Theme.load(named: name, in: root.appendingPathComponent("themes").path)
    }

    /// A loaded state: the store read once, as the app does at start.
    static func state(
        store: SimulatedStore, content: PaywallContent, size: Size = Size(columns: 100, rows: 30)
    ) async throws -> AppState {
        var state = AppState(content: content, size: size)
        _ = PaywallProgram.update(
            &state, .loaded(try await EffectRunner.snapshot(store, groupID: content.leadingGroupID)))
        return state
    }
}

/// A headless paywall on a simulated store, already loaded, keeping the concrete store at hand
/// so tests can change it from outside (as the Transaction Manager or another process would).
struct Driver {
    var paywall: HeadlessPaywall
    let store: SimulatedStore

    init(store: SimulatedStore, content: PaywallContent, size: Size = Size(columns: 100, rows: 30))
        async throws
    {
        self.store = store
        paywall = HeadlessPaywall(store: store, content: content, theme: try Fixtures.theme(), size: size)
        await paywall.start()
    }

    var state: AppState { paywall.state }

    mutating func send(_ event: Event) async { await paywall.send(event) }

    mutating func press(_ keys: Key...) async { await paywall.press(keys) }
}

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
        let authority = try CertificateAuthority.ephemeral()
        return try SimulatedStore(
            catalog: catalog, ledger: .memory, signer: try CoveringSigner(authority: authority),
            frozenClock: true,
            wallClock: { start })
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

/// Runs effects against a real store the way the runner does, feeding answers back through
/// `update` until nothing is left: a whole flow, with no terminal and no threads of our own.
struct Driver {
    var state: AppState
    let store: SimulatedStore
    let inbox = Inbox()

    mutating func send(_ event: Event) async {
        var effects = PaywallProgram.update(&state, event)
        while !effects.isEmpty {
            for effect in effects {
                await EffectRunner.carryOut(
                    effect, store: store, inbox: inbox, groupID: state.content.leadingGroupID)
            }
            effects = []
            for next in inbox.drain() { effects += PaywallProgram.update(&state, next) }
        }
    }

    mutating func press(_ keys: Key...) async {
        for key in keys { await send(.key(key)) }
    }
}

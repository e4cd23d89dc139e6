import Catalog
import Foundation
import RemoteStore
import SharedState
import Signing
import Simulator
import StoreCore

/// The store a process's StoreKit calls reach when no session installed one, from its
/// environment: `KIOSK_STORE` (a kiosk serve), `KIOSK_STATE` (a state directory shared with the
/// paywall and `kiosk store`), or `KIOSK_CATALOG` alone (an in-process simulator).
package enum StoreConfiguration {
    package static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment)
        async throws -> StoreBinding
    {
        let catalogPath = environment["KIOSK_CATALOG"].flatMap { $0.isEmpty ? nil : $0 }
        let account = environment["KIOSK_ACCOUNT"].flatMap { $0.isEmpty ? nil : AccountName($0) }
        if let url = environment["KIOSK_STORE"], !url.isEmpty {
            return try await remote(url, environment: environment, account: account)
        }
        if let state = environment["KIOSK_STATE"], !state.isEmpty {
            return try await shared(state, catalogPath: catalogPath, account: account)
        }
        if let catalogPath {
            let store = try simulator(catalogPath: catalogPath, location: .ephemeral(), account: account)
            return StoreBinding(store: store, simulator: store)
        }
        throw KioskStoreError.noStore
    }

    /// An in-process simulator on `catalogPath`.
    package static func simulator(
        catalogPath: String, location: @autoclosure () throws -> SimulatedStore.Location,
        account: AccountName? = nil, frozenClock: Bool = false
    ) throws -> SimulatedStore {
        try SimulatedStore.open(
            catalog: try catalog(at: catalogPath), location: try location(), account: account,
            frozenClock: frozenClock)
    }

    /// The catalog at `path`, its problems in `KioskStoreError`'s words.
    private static func catalog(at path: String) throws(KioskStoreError) -> LoadedCatalog {
        do {
            return try LoadedCatalog.load(contentsOf: path)
        } catch {
            throw KioskStoreError("\(error)")
        }
    }

    private static func shared(_ path: String, catalogPath: String?, account: AccountName?) async throws
        -> StoreBinding
    {
        // As kiosk opens a state directory (`StateDirectory`): private (0700, it holds keys and a
        // token), its secrets tightened, a damaged ledger refused rather than started afresh.
        let state = StateDirectory(explicitPath: path)
        let warn: @Sendable (String) -> Void = { line in
            FileHandle.standardError.write(Data("KioskStoreKit: KIOSK_STATE=\(path): \(line)\n".utf8))
        }
        let ownership: StateOwnership
        do {
            ownership = try state.ownership(command: "app (KioskStoreKit)", warn: warn) {
                guard let catalogPath else {
                    throw KioskStoreError(
                        "KIOSK_STATE=\(path) has no owner to join, and KIOSK_CATALOG is not set: set KIOSK_CATALOG to "
                            + "the .storekit file to open the state with, or start `kiosk paywall --state \(path)` first"
                    )
                }
                return try state.openStore(
                    catalog: try catalog(at: catalogPath), account: account, warn: warn)
            }
        } catch {
            throw KioskStoreError("KIOSK_STATE=\(path): \(error): check the path and its permissions")
        }
        // Own or join as kiosk does: a client acts for KIOSK_ACCOUNT on the owner's store, created
        // there when missing, as the owner's own store creates it.
        switch try await ownership.join(account: account) {
        case .owner(let store):
            return StoreBinding(store: store, simulator: store, keepAlive: ownership)
        case .client(let store, _):
            return StoreBinding(store: store, simulator: nil, keepAlive: ownership)
        }
    }

    private static func remote(_ text: String, environment: [String: String], account: AccountName?)
        async throws
        -> StoreBinding
    {
        // http only, as `--store` takes it: kiosk serve speaks no TLS.
        guard let url = ServerAddress.url(text) else {
            throw KioskStoreError(
                "KIOSK_STORE=\(text) is not an http:// URL such as http://127.0.0.1:8080 (kiosk serve speaks no TLS)"
            )
        }
        guard let token = environment["KIOSK_SERVER_TOKEN"], !token.isEmpty else {
            throw KioskStoreError(
                "KIOSK_STORE=\(text) needs the server's token in KIOSK_SERVER_TOKEN (kiosk serve prints where it is)"
            )
        }
        let trust: RemoteStore.Trust
        if let root = environment["KIOSK_ROOT"], !root.isEmpty {
            trust = .root(try Certificate.read(at: root))
        } else {
            let pins = FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".kiosk")
            do {
                try FileManager.default.createDirectory(at: pins, withIntermediateDirectories: true)
            } catch {
                throw KioskStoreError(
                    "cannot create \(pins.path) to keep the server's pinned certificate (\(error)): check its "
                        + "permissions, or set KIOSK_ROOT to the server's root certificate")
            }
            trust = .pinned(directory: pins)
        }
        let store = try await RemoteStore.connect(
            url: url, token: token, account: account ?? SimulatedStore.defaultAccount, trust: trust)
        // The token is checked by the first request: ask now, so a refused one is told as such.
        do {
            _ = try await store.storefront()
        } catch {
            let refused = "\(error)".contains("\(4_010_001)")
            throw KioskStoreError(
                refused
                    ? "KIOSK_STORE=\(text) refused the token in KIOSK_SERVER_TOKEN (\(error)): give the token the "
                        + "server was started with (kiosk serve prints where it is, SERVER_STATE/server-token)"
                    : "KIOSK_STORE=\(text) did not answer: \(error)")
        }
        return StoreBinding(store: store, simulator: nil)
    }
}

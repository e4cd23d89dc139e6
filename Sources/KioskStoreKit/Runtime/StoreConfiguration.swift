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
        let account = environment["KIOSK_ACCOUNT"].flatMap { $0.isEmpty ? nil : $0 }
        if let url = environment["KIOSK_STORE"], !url.isEmpty {
            return try await remote(url, environment: environment, account: account)
        }
        if let state = environment["KIOSK_STATE"], !state.isEmpty {
            return try await shared(state, catalogPath: catalogPath, account: account)
        }
        if let catalogPath {
            let store = try simulator(
                catalogPath: catalogPath, ledger: .memory, authority: .ephemeral(), account: account)
            return StoreBinding(store: store, simulator: store)
        }
        throw KioskStoreError.noStore
    }

    /// An in-process simulator on `catalogPath`.
    package static func simulator(
        catalogPath: String, ledger: LedgerLocation,
        authority: @autoclosure () throws -> CertificateAuthority,
        account: String? = nil, frozenClock: Bool = false
    ) throws -> SimulatedStore {
        let catalog: LoadedCatalog
        do {
            catalog = try LoadedCatalog.load(contentsOf: catalogPath)
        } catch {
            throw KioskStoreError("\(error)")
        }
        return try SimulatedStore(
            catalog: catalog, ledger: ledger, signer: try CoveringSigner(authority: try authority()),
            offerChecker: PromotionalOfferChecker(catalog: catalog), account: account,
            frozenClock: frozenClock)
    }

    private static func shared(_ path: String, catalogPath: String?, account: String?) async throws
        -> StoreBinding
    {
        let directory = URL(fileURLWithPath: path, isDirectory: true)
        // Private, as kiosk makes its state directories: it holds keys and a token.
        do {
            try FileManager.default.createDirectory(
                at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw KioskStoreError(
                "cannot create KIOSK_STATE=\(path) (\(error)): check the path and its permissions")
        }
        let ownership = StateOwnership(directory: directory, command: "app (KioskStoreKit)") {
            guard let catalogPath else {
                throw KioskStoreError(
                    "KIOSK_STATE=\(path) has no owner to join, and KIOSK_CATALOG is not set: set KIOSK_CATALOG to "
                        + "the .storekit file to open the state with, or start `kiosk paywall --state \(path)` first"
                )
            }
            let authority = try CertificateAuthority.open(
                directory: directory.appendingPathComponent("ca").path)
            let store = try simulator(
                catalogPath: catalogPath, ledger: .directory(directory), authority: authority,
                account: account)
            return (store, authority.root)
        }
        switch try await ownership.attach() {
        case .owner(let store):
            return StoreBinding(store: store, simulator: store, keepAlive: ownership)
        case .client:
            let store = try await ownership.clientStore(account: account ?? SimulatedStore.defaultAccount)
            return StoreBinding(store: store, simulator: nil, keepAlive: ownership)
        }
    }

    private static func remote(_ text: String, environment: [String: String], account: String?) async throws
        -> StoreBinding
    {
        guard let url = URL(string: text), url.scheme == "http" || url.scheme == "https" else {
            throw KioskStoreError("KIOSK_STORE=\(text) is not an http(s) URL such as http://127.0.0.1:8080")
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

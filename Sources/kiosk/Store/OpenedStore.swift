import Catalog
import Foundation
import PaywallLaunch
import RemoteStore
import SharedState
import Signing
import Simulator
import StoreCore

extension StoreOptions {
    /// The ownership of the state directory (created if missing), opening this process's own
    /// store on it only when it takes the state (on `catalog`, when the caller already read it;
    /// `execution` says where the store runs).
    func ownership(command: String, catalog: LoadedCatalog? = nil, execution: StoreExecution = .ownThread)
        throws
        -> StateOwnership
    {
        let options = self
        do throws(StateDirectory.OpeningError) {
            return try state.ownership(command: command, warn: StateDirectory.warn) {
                let (store, authority) = try options.makeStoreAndAuthority(
                    catalog: catalog, execution: execution)
                return SimulatedStore.Opened(store: store, authority: authority)
            }
        } catch {
            throw CommandFailure("kiosk: \(error)", exit: .cannotCreate)
        }
    }

    /// Opens the store the options name. On a state directory the first process owns it and
    /// serves it on its socket; any other process becomes that owner's client, so every kiosk
    /// on one state sees one store, live (docs/server.md, "Sharing a state").
    /// - Parameters:
    ///   - command: what this process is, for the others' messages ("kiosk store").
    ///   - catalog: the catalog, when the caller already read it (so it is read once).
    func open(command: String, catalog: LoadedCatalog? = nil) async throws -> OpenedStore {
        if let remote {
            return OpenedStore(
                store: try await makeAnyStore(), ownership: nil, backendName: remote.absoluteString)
        }
        if isEphemeral {
            return OpenedStore(store: try makeStore(catalog: catalog), ownership: nil, backendName: "sim")
        }
        let ownership = try ownership(command: command, catalog: catalog)
        let directory = ownership.directory
        let role: StateOwnership.Role
        do {
            role = try await ownership.attach()
        } catch let error as SharedStateError {
            throw CommandFailure("kiosk: \(error)", exit: .cannotCreate)
        }
        switch role {
        case .owner(let store):
            return OpenedStore(store: store, ownership: ownership, backendName: "sim")
        case .client:
            do {
                let store = try await ownership.clientStore(account: account ?? SimulatedStore.defaultAccount)
                if let account { try await store.useAccount(account) }
                // "shared · pid 4242 (paywall)": who owns the store, short enough for the status line.
                let owner =
                    ownership.owner.map { record in
                        let what =
                            record.command.hasPrefix("kiosk ")
                            ? String(record.command.dropFirst(6)) : record.command
                        return "shared · pid \(record.pid) \(what.hasPrefix("(") ? what : "(\(what))")"
                    } ?? "shared"
                return OpenedStore(store: store, ownership: ownership, backendName: owner)
            } catch {
                throw CommandFailure(
                    "kiosk: the store of \(directory.path) is shared, but using it failed: \(error)",
                    exit: .failure)
            }
        }
    }
}

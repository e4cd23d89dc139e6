import Catalog
import CommandLineOptions
import Foundation
import RemoteStore
import SharedState
import Signing
import Simulator
import StoreCore

extension StoreOptions {
    /// The ownership of the state directory (created if missing), opening this process's own
    /// store on it only when it takes the state (on `catalog`, when the caller already read it;
    /// `execution` says where the store runs).
    public func ownership(
        command: String, catalog: LoadedCatalog? = nil, execution: StoreExecution = .ownThread
    ) throws -> StateOwnership {
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
    public func open(command: String, catalog: LoadedCatalog? = nil) async throws -> OpenedStore {
        if let remote {
            return OpenedStore(
                store: try await makeAnyStore(), ownership: nil, backendName: remote.absoluteString)
        }
        if isEphemeral {
            return OpenedStore(simulator: try makeStore(catalog: catalog), ownership: nil, backendName: "sim")
        }
        let ownership = try ownership(command: command, catalog: catalog)
        do {
            switch try await ownership.join(account: account) {
            case .owner(let store):
                return OpenedStore(simulator: store, ownership: ownership, backendName: "sim")
            case .client(let store, let ownerName):
                return OpenedStore(store: store, ownership: ownership, backendName: ownerName)
            }
        } catch let error as StateOwnership.JoinError {
            switch error {
            case .state: throw CommandFailure("kiosk: \(error)", exit: .cannotCreate)
            case .shared: throw CommandFailure("kiosk: \(error)", exit: .failure)
            }
        }
    }
}

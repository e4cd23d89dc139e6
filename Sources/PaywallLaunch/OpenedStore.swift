import Catalog
import SharedState
import Simulator
import StoreCore

/// A store a command opened, and how: the state's owner, a client of its owner, a server's
/// client, or an ephemeral simulator. `close()` gives the state up when this process owns it.
public struct OpenedStore: Sendable {
    public var store: any Store & StoreControl
    /// Set while the store is on a state directory (owner or client).
    public var ownership: StateOwnership?
    /// What the status line names as the backend.
    public var backendName: String
    /// Hands a catalog that read cleanly to the store (live reload); nil when the store cannot
    /// take one (a client of another process's store, a server's client). Whoever opened the
    /// store knows what it opened, so no reader of this value needs to ask the store's type.
    public var replaceCatalog: CatalogReplacement?

    public init(
        store: any Store & StoreControl, ownership: StateOwnership?, backendName: String,
        replaceCatalog: CatalogReplacement? = nil
    ) {
        self.store = store
        self.ownership = ownership
        self.backendName = backendName
        self.replaceCatalog = replaceCatalog
    }

    /// This process's own simulator: it takes a reloaded catalog and sells from it from then on.
    public init(simulator: SimulatedStore, ownership: StateOwnership?, backendName: String) {
        self.init(
            store: simulator, ownership: ownership, backendName: backendName,
            replaceCatalog: { await simulator.replaceCatalog($0) })
    }

    /// Stops serving the state to the others (requests under way finish) and unlocks it.
    public func close() async { await ownership?.release() }
}

/// The capability of taking a catalog read again from its file: the simulator sells from it.
public typealias CatalogReplacement = @Sendable (LoadedCatalog) async -> Void

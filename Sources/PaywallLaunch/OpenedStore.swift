import SharedState
import StoreCore

/// A store a command opened, and how: the state's owner, a client of its owner, a server's
/// client, or an ephemeral simulator. `close()` gives the state up when this process owns it.
public struct OpenedStore: Sendable {
    public var store: any Store & StoreControl
    /// Set while the store is on a state directory (owner or client).
    public var ownership: StateOwnership?
    /// What the status line names as the backend.
    public var backendName: String

    public init(store: any Store & StoreControl, ownership: StateOwnership?, backendName: String) {
        self.store = store
        self.ownership = ownership
        self.backendName = backendName
    }

    /// Stops serving the state to the others (requests under way finish) and unlocks it.
    public func close() async { await ownership?.release() }
}

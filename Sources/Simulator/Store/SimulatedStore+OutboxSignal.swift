import Foundation
import StoreCore

/// Tells webhook delivery that notifications were committed, so they go out as their events
/// happen instead of at the next look at the outbox.
extension SimulatedStore {
    /// Yields once after each commit that recorded notifications; signals not yet taken
    /// collapse into one (the reader reads the whole outbox anyway).
    public func outboxSignals() -> AsyncStream<Void> {
        watch(\.outbox, account: nil, buffering: .bufferingNewest(1)).0
    }

    func signalOutbox() { watchers.outbox.yield((), to: nil) }
}

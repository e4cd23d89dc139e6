import Foundation
import StoreCore

/// Tells webhook delivery that notifications were committed, so they go out as their events
/// happen instead of at the next look at the outbox.
extension SimulatedStore {
    /// Yields once after each commit that recorded notifications; signals not yet taken
    /// collapse into one (the reader reads the whole outbox anyway).
    public func outboxSignals() -> AsyncStream<Void> {
        let (stream, continuation) = AsyncStream.makeStream(
            of: Void.self, bufferingPolicy: .bufferingNewest(1))
        let id = UUID()
        outboxListeners[id] = continuation
        continuation.onTermination = { [weak self] _ in Task { await self?.stopListeningToOutbox(id) } }
        return stream
    }

    func signalOutbox() {
        for listener in outboxListeners.values { listener.yield() }
    }

    private func stopListeningToOutbox(_ id: UUID) { outboxListeners[id] = nil }
}

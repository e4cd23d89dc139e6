import Foundation
import StoreCore

extension EffectRunner {
    /// Runs one Transaction Manager operation: what it did, as the facts `update` words.
    static func control(_ operation: StoreOperation, store: Backend) async throws(StoreError) -> Outcome {
        .performed(operation, try await store.perform(operation))
    }
}

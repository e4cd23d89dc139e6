import Foundation
import StoreCore

extension EffectRunner {
    /// Runs one Transaction Manager operation and says what was done.
    static func control(_ operation: StoreOperation, store: Backend) async throws(StoreError) -> String {
        let result = try await store.perform(operation)
        return operation.outcome(result)
    }
}

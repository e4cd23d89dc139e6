import Foundation
import StoreCore

/// The Transaction Manager's review keys reach the opened store's retention content when it has
/// one (the simulator, or a server's client).
extension OpeningStore: RetentionManaging {
    public func manageRetention(_ change: RetentionManagement) async throws(StoreError) -> String {
        let opened: any Store & StoreControl
        do {
            opened = try await self.opened().store
        } catch let error as StoreError {
            throw error
        } catch {
            throw StoreError.backend("\(error)")
        }
        guard let managing = opened as? any RetentionManaging else {
            throw StoreError.invalidAction("this store cannot review retention messages")
        }
        return try await managing.manageRetention(change)
    }
}

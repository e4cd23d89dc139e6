import Foundation
import StoreCore

extension SimulatedStore {
    /// Notifications recorded after `sequence` (0 for all), oldest first, optionally for one
    /// account: what the server delivers to a webhook and lists in notification history.
    public func notifications(after sequence: Int64 = 0, account: String? = nil, limit: Int = 1_000)
        throws(StoreError) -> [OutboxNotification]
    {
        do throws(LedgerError) {
            return try ledger.notifications(after: sequence, account: account, limit: limit)
        } catch {
            throw StoreError(error)
        }
    }

    /// SQLite's integrity check of the ledger ("ok" when sound).
    public func integrityCheck() throws(StoreError) -> String {
        do throws(LedgerError) {
            return try ledger.integrityCheck()
        } catch {
            throw StoreError(error)
        }
    }

    /// The identity signed payloads carry.
    public var identity: AppIdentity { state.meta.identity }
}

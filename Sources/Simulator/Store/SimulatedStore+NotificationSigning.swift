import Foundation
import StoreCore

extension SimulatedStore: NotificationSigning {
    public func signedNotification(id: UUID) throws(StoreError) -> String? {
        guard let notification = try notification(id: id) else { return nil }
        return try signedNotification(notification)
    }
}

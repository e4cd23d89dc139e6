import Foundation

/// A store that can sign its App Store Server Notifications as a delivery signs them: one whose
/// ledger and signing key are in this process (the simulator). A client of a server or of a
/// shared state cannot, and does not conform; `kiosk store notifications --jws` asks for the
/// capability instead of naming the simulator's type, so the CLI's words need not import it.
public protocol NotificationSigning: Sendable {
    /// The notification with this `notificationUUID`, signed exactly as its deliveries send
    /// it; nil when no notification has that ID.
    func signedNotification(id: UUID) async throws(StoreError) -> String?
}

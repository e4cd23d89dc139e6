import Foundation
import StoreCore

/// An App Store Server Notification V2 waiting in the outbox: the type and subtype Apple
/// sends, and which transaction it speaks of. What it says is fixed beside it, as of its event
/// (`NotificationContent`, read only when it is signed), and signed once when first needed.
public struct OutboxNotification: Sendable, Hashable, Codable, Identifiable {
    /// Apple's `notificationUUID`.
    public var id: UUID
    /// Order of recording, across the whole store.
    public var sequence: Int64
    public var account: AccountName
    public var type: NotificationType
    public var subtype: NotificationSubtype?
    public var transactionID: UInt64?
    public var originalTransactionID: UInt64?
    public var productID: String?
    /// For a mass renewal-date extension's summary: the developer's request identifier.
    public var requestIdentifier: String?
    /// Store time when the event happened.
    public var createdAt: Date

    public init(
        id: UUID = UUID(), sequence: Int64 = 0, account: AccountName, type: NotificationType,
        subtype: NotificationSubtype? = nil,
        transactionID: UInt64? = nil, originalTransactionID: UInt64? = nil, productID: String? = nil,
        requestIdentifier: String? = nil, createdAt: Date
    ) {
        self.id = id
        self.sequence = sequence
        self.account = account
        self.type = type
        self.subtype = subtype
        self.transactionID = transactionID
        self.originalTransactionID = originalTransactionID
        self.productID = productID
        self.requestIdentifier = requestIdentifier
        self.createdAt = createdAt
    }
}

import Foundation

/// An App Store Server Notification as the Transaction Manager lists it: what happened, and
/// every attempt to deliver it to the webhook.
public struct NotificationSummary: Sendable, Hashable, Codable, Identifiable {
    /// One try at POSTing the notification.
    public struct Attempt: Sendable, Hashable, Codable {
        public var date: Date
        /// Apple's `SendAttemptResult`: `SUCCESS`, `TIMED_OUT`, `UNSUCCESSFUL_HTTP_RESPONSE_CODE` ...
        public var result: SendAttemptResult
        public var httpStatus: Int?

        public var succeeded: Bool { result == .success }

        public init(date: Date, result: SendAttemptResult, httpStatus: Int? = nil) {
            self.date = date
            self.result = result
            self.httpStatus = httpStatus
        }
    }

    /// The notification's place in the store's outbox.
    public var sequence: Int64
    /// Apple's `notificationUUID`.
    public var id: UUID
    public var type: NotificationType
    public var subtype: NotificationSubtype?
    public var productID: String?
    public var transactionID: UInt64?
    /// Store time of the event.
    public var createdAt: Date
    public var attempts: [Attempt]
    /// When the next delivery attempt is due, if one is.
    public var nextAttemptAt: Date?

    public init(
        sequence: Int64, id: UUID, type: NotificationType, subtype: NotificationSubtype?, productID: String?,
        transactionID: UInt64?,
        createdAt: Date, attempts: [Attempt] = [], nextAttemptAt: Date? = nil
    ) {
        self.sequence = sequence
        self.id = id
        self.type = type
        self.subtype = subtype
        self.productID = productID
        self.transactionID = transactionID
        self.createdAt = createdAt
        self.attempts = attempts
        self.nextAttemptAt = nextAttemptAt
    }

    /// `TYPE/SUBTYPE`, as Apple's documentation writes them.
    public var kind: String { [type.rawValue, subtype?.rawValue].compactMap { $0 }.joined(separator: "/") }
}

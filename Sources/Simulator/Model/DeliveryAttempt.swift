import Foundation
import StoreCore

/// One try at POSTing a notification to the webhook, kept in the ledger for notification
/// history and the Transaction Manager.
public struct DeliveryAttempt: Sendable, Hashable, Codable {
    /// The notification's place in the outbox.
    public var sequence: Int64
    /// 1 for the first try.
    public var attempt: Int
    /// Store time of the try (Apple's `attemptDate`).
    public var attemptedAt: Date
    /// Apple's `SendAttemptResult`: `SUCCESS`, `TIMED_OUT`, `SOCKET_ISSUE` ...
    public var result: SendAttemptResult
    /// The webhook's HTTP status, when it answered.
    public var httpStatus: Int?
    /// When the next try is due (store time); nil after a success or the last try.
    public var nextAttemptAt: Date?

    public init(
        sequence: Int64, attempt: Int, attemptedAt: Date, result: SendAttemptResult, httpStatus: Int? = nil,
        nextAttemptAt: Date? = nil
    ) {
        self.sequence = sequence
        self.attempt = attempt
        self.attemptedAt = attemptedAt
        self.result = result
        self.httpStatus = httpStatus
        self.nextAttemptAt = nextAttemptAt
    }

    public var succeeded: Bool { result == .success }
}

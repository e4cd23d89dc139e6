import Foundation
import StoreCore

/// A transaction update with its number in the ledger's update log.
public struct LoggedUpdate: Sendable {
    public var sequence: Int64
    public var transaction: VerificationResult<Transaction>
}

/// Where an update stream starts, read atomically with its live subscription.
public struct UpdateLogSubscription: Sendable {
    /// The listener's position could not be resumed (none given, unknown, or too far behind):
    /// it is new, so it gets every unfinished transaction first, as StoreKit gives an app.
    public var isFresh: Bool
    /// The log's position the listener is now at (sent as the `ready` event's ID).
    public var head: Int64
    /// What happened after the listener's position, oldest first, to send before `live`.
    public var backlog: [LoggedUpdate]
    /// Updates as they commit.
    public var live: AsyncStream<LoggedUpdate>
}

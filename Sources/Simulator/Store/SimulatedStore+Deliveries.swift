import Foundation
import Signing
import StoreCore

/// Notifications V2 as a webhook receives them (`NotificationOutbox`), on the store's executor.
extension SimulatedStore: NotificationSigning {
    var outbox: NotificationOutbox {
        NotificationOutbox(
            ledger: ledger, signer: signer, state: state, products: products, now: currentTime,
            ledgerFailed: { self.forgetRolledBackBatch() })
    }

    /// The notification as Apple POSTs it, signed the first time it is asked for and kept, so
    /// every delivery, retry and history page sends exactly the same JWS.
    public func signedNotification(_ notification: OutboxNotification) throws(StoreError) -> String {
        try outbox.signed(notification)
    }

    public func signedNotification(id: UUID) throws(StoreError) -> String? {
        guard let notification = try notification(id: id) else { return nil }
        return try signedNotification(notification)
    }

    /// The notification with this UUID, if recorded.
    public func notification(id: UUID) throws(StoreError) -> OutboxNotification? {
        try outbox.notification(id: id)
    }

    /// Notifications created in `[start, end)`, after `sequence`, each with its attempts.
    public func notificationRecords(
        from start: Date, to end: Date, after sequence: Int64 = 0, limit: Int = 1_000
    ) throws(StoreError) -> [NotificationRecord] {
        try outbox.records(from: start, to: end, after: sequence, limit: limit)
    }

    /// Every notification after `sequence` with its attempts, oldest first (for the TUI).
    public func notificationRecords(
        after sequence: Int64 = 0, account: AccountName? = nil, limit: Int = 1_000
    )
        throws(StoreError) -> [NotificationRecord]
    {
        try outbox.records(after: sequence, account: account, limit: limit)
    }

    /// Notifications after `sequence` still to deliver, each with its attempts so far.
    public func undeliveredNotifications(after sequence: Int64, limit: Int = 1_000) throws(StoreError)
        -> [NotificationRecord]
    {
        try outbox.undelivered(after: sequence, limit: limit)
    }

    /// Keeps one delivery attempt.
    public func record(_ attempt: DeliveryAttempt) throws(StoreError) { try outbox.record(attempt) }

    public func notificationHistory(limit: Int) async throws(StoreError) -> [NotificationSummary] {
        guard limit > 0 else { throw StoreError.invalidArgument("limit must be positive, got \(limit)") }
        let account = activeAccount
        return try outbox.history(of: account, limit: limit)
    }

    /// Notifications recorded after `sequence` (0 for all), oldest first, optionally for one
    /// account: what the server delivers to a webhook and lists in notification history.
    public func notifications(after sequence: Int64 = 0, account: AccountName? = nil, limit: Int = 1_000)
        throws(StoreError) -> [OutboxNotification]
    {
        try outbox.notifications(after: sequence, account: account, limit: limit)
    }

    /// Tells webhook delivery that notifications were committed, so they go out as their events
    /// happen instead of at the next look at the outbox: one yield after each commit that
    /// recorded notifications; signals not yet taken collapse into one (the reader reads the
    /// whole outbox anyway).
    public func outboxSignals() -> AsyncStream<Void> {
        watch(\.outbox, account: nil, buffering: .bufferingNewest(1)).0
    }

    func signalOutbox() { watchers.outbox.yield((), to: nil) }
}

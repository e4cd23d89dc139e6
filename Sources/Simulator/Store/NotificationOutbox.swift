import Foundation
import Signing
import StoreCore

/// A notification with every attempt to deliver it: what notification history and the
/// Transaction Manager show.
public struct NotificationRecord: Sendable, Hashable {
    public var notification: OutboxNotification
    public var attempts: [DeliveryAttempt]
}

/// The notification outbox as webhook delivery and notification history read it (Notifications
/// V2): each notification signed once, from the content fixed when its event happened, and the
/// same bytes every time after; every delivery attempt kept. The store makes one for a call
/// (`SimulatedStore+Deliveries`), on its executor.
struct NotificationOutbox {
    let ledger: Ledger
    let signer: any PayloadSigner
    /// The store's state, products and time, for a notification recorded before contents were
    /// kept (`currentContent`).
    let state: StoreState
    let products: ProductIndex
    let now: Date
    /// The store's identity, which every notification's payload carries.
    var identity: AppIdentity { state.meta.identity }
    /// Called when the ledger fails a read or write: the failure may have rolled back the
    /// ledger's open batch, which the store then forgets (`forgetRolledBackBatch`).
    let ledgerFailed: () -> Void

    /// The notification as Apple POSTs it: its content as of its event (`NotificationContent`),
    /// signed the first time it is asked for and kept, so every delivery, retry and history
    /// page sends exactly the same JWS.
    func signed(_ notification: OutboxNotification) throws(StoreError) -> String {
        let stored = try reading { (ledger) throws(LedgerError) in
            try ledger.notificationPayload(sequence: notification.sequence)
        }
        if let jws = stored?.jws { return jws }
        let jws = try sign(notification, content: stored?.content)
        try reading { (ledger) throws(LedgerError) in
            try ledger.keepSignedNotification(jws, sequence: notification.sequence)
        }
        return jws
    }

    /// Signs a notification from its fixed content; one recorded before contents were kept
    /// (an older ledger) is signed with the state of now, as the Kiosk that recorded it did.
    private func sign(_ notification: OutboxNotification, content fixed: NotificationContent?)
        throws(StoreError) -> String
    {
        let type = notification.type
        let content = fixed ?? currentContent(of: notification, type: type)
        var payload = NotificationPayload(
            notificationType: type,
            subtype: notification.subtype,
            notificationUUID: notification.id, signedDate: content.signedDate)
        do {
            if type == .renewalExtension, let productID = notification.productID,
                let request = notification.requestIdentifier,
                let done = try massExtension(productID: productID, requestIdentifier: request)
            {
                // The mass extension's record is written once, with its notification.
                payload.summary = NotificationPayload.Summary(
                    environment: identity.environment, appAppleID: identity.appAppleID,
                    bundleID: identity.bundleID,
                    productID: productID, requestIdentifier: request,
                    storefrontCountryCodes: done.storefronts,
                    succeededCount: Int64(done.succeeded), failedCount: Int64(done.failed))
            } else {
                payload.data = NotificationPayload.Content(
                    environment: identity.environment, appAppleID: identity.appAppleID,
                    bundleID: identity.bundleID, bundleVersion: identity.appVersion,
                    signedTransactionInfo: try content.transaction.map { try signer.sign($0) },
                    signedRenewalInfo: try content.renewalInfo.map { try signer.sign($0) },
                    status: content.status,
                    consumptionRequestReason: content.consumptionRequestReason)
            }
            return try signer.sign(payload)
        } catch let error as StoreError {
            throw error
        } catch {
            throw StoreError.backend("could not sign notification \(notification.id): \(error)")
        }
    }

    /// The content of a notification recorded before contents were kept: the state of now,
    /// read by the same code that fixes a new notification's content in its action.
    private func currentContent(of notification: OutboxNotification, type: NotificationType)
        -> NotificationContent
    {
        let reader = StagedAction(base: state, signer: signer, products: products, now: now)
        return reader.notificationContent(
            type, account: notification.account,
            transaction: notification.transactionID.flatMap { state.transaction($0)?.transaction }, at: now)
    }

    /// The notification with this UUID, if recorded.
    func notification(id: UUID) throws(StoreError) -> OutboxNotification? {
        try reading { (ledger) throws(LedgerError) in try ledger.notification(id: id) }
    }

    /// Notifications created in `[start, end)`, after `sequence`, each with its attempts.
    func records(
        from start: Date, to end: Date, after sequence: Int64 = 0, limit: Int = 1_000
    )
        throws(StoreError) -> [NotificationRecord]
    {
        try reading { (ledger) throws(LedgerError) in
            let found = try ledger.notifications(
                createdFrom: Ledger.milliseconds(start), to: Ledger.milliseconds(end), after: sequence,
                limit: limit)
            return try Self.records(found, ledger)
        }
    }

    /// Every notification after `sequence` with its attempts, oldest first (for the TUI).
    func records(after sequence: Int64 = 0, account: AccountName? = nil, limit: Int = 1_000)
        throws(StoreError) -> [NotificationRecord]
    {
        try reading { (ledger) throws(LedgerError) in
            try Self.records(
                try ledger.notifications(after: sequence, account: account, limit: limit), ledger)
        }
    }

    /// Notifications after `sequence` still to deliver, each with its attempts so far.
    func undelivered(after sequence: Int64, limit: Int = 1_000) throws(StoreError)
        -> [NotificationRecord]
    {
        try reading { (ledger) throws(LedgerError) in
            try Self.records(try ledger.undelivered(after: sequence, limit: limit), ledger)
        }
    }

    /// Keeps one delivery attempt.
    func record(_ attempt: DeliveryAttempt) throws(StoreError) {
        try reading { (ledger) throws(LedgerError) in try ledger.record(attempt) }
    }

    private static func records(_ notifications: [OutboxNotification], _ ledger: Ledger) throws(LedgerError)
        -> [NotificationRecord]
    {
        let attempts = try ledger.attempts(for: notifications.map(\.sequence))
        return notifications.map {
            NotificationRecord(notification: $0, attempts: attempts[$0.sequence] ?? [])
        }
    }

    /// Notifications recorded after `sequence` (0 for all), oldest first, optionally for one account.
    func notifications(after sequence: Int64, account: AccountName?, limit: Int) throws(StoreError)
        -> [OutboxNotification]
    {
        try reading { (ledger) throws(LedgerError) in
            try ledger.notifications(after: sequence, account: account, limit: limit)
        }
    }

    /// A mass extension made earlier, if any.
    func massExtension(productID: String, requestIdentifier: String) throws(StoreError) -> MassExtension? {
        try reading { (ledger) throws(LedgerError) in
            try ledger.massExtension(productID: productID, requestIdentifier: requestIdentifier)
        }
    }

    private func reading<T>(_ body: (Ledger) throws(LedgerError) -> T) throws(StoreError) -> T {
        do throws(LedgerError) {
            return try body(ledger)
        } catch {
            ledgerFailed()
            throw StoreError(error)
        }
    }

    /// The account's newest `limit` notifications, newest first, as a tester's history shows them.
    func history(of account: AccountName, limit: Int) throws(StoreError) -> [NotificationSummary] {
        // The newest `limit`, read newest first on the account's index of the outbox.
        let newest = try reading { (ledger) throws(LedgerError) in
            try Self.records(
                try ledger.notifications(
                    where: "account = ?", [.text(account)], limit: limit, newestFirst: true), ledger)
        }
        return newest.map { record in
            let notification = record.notification
            return NotificationSummary(
                sequence: notification.sequence, id: notification.id, type: notification.type,
                subtype: notification.subtype, productID: notification.productID,
                transactionID: notification.transactionID, createdAt: notification.createdAt,
                attempts: record.attempts.map {
                    NotificationSummary.Attempt(
                        date: $0.attemptedAt, result: $0.result, httpStatus: $0.httpStatus)
                }, nextAttemptAt: record.attempts.last?.nextAttemptAt)
        }
    }
}

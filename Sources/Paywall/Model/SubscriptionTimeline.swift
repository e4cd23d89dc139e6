import Foundation
import StoreCore

/// A subscription's history as spans and moments on a time axis: each period (trial,
/// introductory or other offer, paid), billing retry and grace, and the renewals, plan
/// changes, refunds, revocations and expiry between them, up to the store clock's now. Pure:
/// made from what a `StoreSnapshot` holds, so the Transaction Manager and `kiosk report` draw
/// the same picture (`TimelineRenderer`).
public struct SubscriptionTimeline: Sendable, Hashable {
    /// What a stretch of time was.
    public enum SpanKind: Sendable, Hashable, CaseIterable {
        case trial, introductory, offer, paid, gracePeriod, billingRetry
    }

    /// Something that happened at one moment.
    public enum MarkKind: Sendable, Hashable, CaseIterable {
        case purchase, renewal, upgrade, downgrade, crossgrade, recovery, refund, revocation, expiry
    }

    public struct Span: Sendable, Hashable {
        public var kind: SpanKind
        public var start: Date
        public var end: Date
        public var productID: String
    }

    public struct Mark: Sendable, Hashable {
        public var kind: MarkKind
        public var date: Date
        public var productID: String
        public var transactionID: UInt64?
    }

    public var groupID: String
    public var spans: [Span]
    /// In date order.
    public var marks: [Mark]
    /// The store clock when the history was read.
    public var now: Date

    /// The earliest and latest moment the picture must show (now included).
    public var range: ClosedRange<Date> {
        let dates = spans.flatMap { [$0.start, $0.end] } + marks.map(\.date)
        return (dates.min().map { min($0, now) } ?? now)...(dates.max().map { max($0, now) } ?? now)
    }

    /// The history of `groupID` for the account whose `records` (newest first, as the store
    /// lists them) and `notifications` these are. `levels` gives each product's level in its
    /// group (1 is the highest tier), to tell upgrades from downgrades.
    public init(
        groupID: String, records: [TransactionRecord], notifications: [NotificationSummary],
        levels: [String: Int], now: Date
    ) {
        self.groupID = groupID
        self.now = now
        let chosen = records.filter { $0.transaction.unsafePayloadValue.subscriptionGroupID == groupID }
            .sorted {
                $0.transaction.unsafePayloadValue.purchaseDate
                    < $1.transaction.unsafePayloadValue.purchaseDate
            }
        let transactions = chosen.map(\.transaction.unsafePayloadValue)
        var spans: [Span] = []
        var marks: [Mark] = []
        for (index, transaction) in transactions.enumerated() {
            let next = index + 1 < transactions.count ? transactions[index + 1] : nil
            marks.append(
                Self.arrival(of: transaction, after: index > 0 ? transactions[index - 1] : nil, levels))
            var end = transaction.expirationDate ?? now
            if let next, transaction.isUpgraded || next.purchaseDate < end {
                end = min(end, next.purchaseDate)
            }
            if let revoked = transaction.revocationDate {
                end = min(end, revoked)
                let refunded = transaction.revocationPercentage != nil || chosen[index].state == .refunded
                marks.append(
                    Mark(
                        kind: refunded ? .refund : .revocation, date: revoked,
                        productID: transaction.productID,
                        transactionID: transaction.id))
            }
            spans.append(
                Span(
                    kind: Self.kind(of: transaction), start: transaction.purchaseDate,
                    end: max(end, transaction.purchaseDate),
                    productID: transaction.productID))
            spans += Self.billingTrouble(
                after: transaction, record: chosen[index], next: next, notifications: notifications, now: now)
            if next == nil, let expiration = transaction.expirationDate, transaction.revocationDate == nil,
                chosen[index].state == .expired || (expiration <= now && !Self.inTrouble(chosen[index]))
            {
                let ended = Self.expiryDate(of: transaction, notifications: notifications) ?? expiration
                marks.append(
                    Mark(
                        kind: .expiry, date: ended, productID: transaction.productID,
                        transactionID: transaction.id))
            }
        }
        self.spans = spans
        self.marks = marks.sorted { $0.date < $1.date }
    }

    /// Whether the record is in billing retry or grace now.
    static func inTrouble(_ record: TransactionRecord) -> Bool {
        record.state == .billingRetry || record.state == .gracePeriod
    }

    static func kind(of transaction: Transaction) -> SpanKind {
        guard let offer = transaction.offer else { return .paid }
        if offer.paymentMode == .freeTrial { return .trial }
        return offer.type == .introductory ? .introductory : .offer
    }

    /// How a transaction came: the first purchase, a renewal, a change of plan, a recovery.
    static func arrival(of transaction: Transaction, after previous: Transaction?, _ levels: [String: Int])
        -> Mark
    {
        var kind = MarkKind.purchase
        if let previous {
            if previous.productID != transaction.productID {
                let old = levels[previous.productID] ?? 0
                let new = levels[transaction.productID] ?? 0
                kind = new < old ? .upgrade : new > old ? .downgrade : .crossgrade
            } else if transaction.reason == .renewal {
                let gap = transaction.purchaseDate.timeIntervalSince(
                    previous.expirationDate ?? transaction.purchaseDate)
                kind = gap > 1 ? .recovery : .renewal
            }
        }
        return Mark(
            kind: kind, date: transaction.purchaseDate, productID: transaction.productID,
            transactionID: transaction.id)
    }

    /// The grace and billing-retry spans after a transaction's period ended without a renewal.
    static func billingTrouble(
        after transaction: Transaction, record: TransactionRecord, next: Transaction?,
        notifications: [NotificationSummary], now: Date
    ) -> [Span] {
        guard let start = transaction.expirationDate, start <= now else { return [] }
        let about = notifications.filter { $0.transactionID == transaction.id }
        let failure = about.first { $0.type == .didFailToRenew }
        guard failure != nil || (next == nil && inTrouble(record)) else { return [] }
        let expired = expiryDate(of: transaction, notifications: notifications)
        let end = next?.purchaseDate ?? expired ?? now
        let ongoing = next == nil && expired == nil
        var graceEnd: Date?
        if failure?.subtype == .gracePeriod || record.renewalInfo?.gracePeriodExpirationDate != nil {
            graceEnd =
                about.first { $0.type == .gracePeriodExpired }?.createdAt
                ?? record.renewalInfo?.gracePeriodExpirationDate ?? end
        }
        var spans: [Span] = []
        if let graceEnd {
            // An ongoing grace period is drawn to its scheduled end, past now.
            let stop = ongoing ? graceEnd : min(graceEnd, end)
            spans.append(
                Span(
                    kind: .gracePeriod, start: start, end: max(start, stop), productID: transaction.productID)
            )
        }
        let retryStart = graceEnd.map { max(start, min($0, end)) } ?? start
        if retryStart < end {
            spans.append(
                Span(kind: .billingRetry, start: retryStart, end: end, productID: transaction.productID))
        }
        return spans
    }

    /// When the subscription expired, from its EXPIRED notification.
    static func expiryDate(of transaction: Transaction, notifications: [NotificationSummary]) -> Date? {
        notifications.first { $0.transactionID == transaction.id && $0.type == .expired }?.createdAt
    }
}

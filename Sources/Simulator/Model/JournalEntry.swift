import Foundation
import StoreCore

/// One line of the QA journal: an action on the store, who made it from where, what it did and
/// the notifications it caused. Written in the same SQLite transaction as the change it records
/// (`Ledger.write`), so the journal holds nothing that did not happen and misses nothing that did.
public struct JournalEntry: Sendable, Hashable, Codable {
    /// A notification the action put in the outbox.
    public struct Notification: Sendable, Hashable, Codable {
        /// Its place in the outbox (the key of its delivery attempts).
        public var sequence: Int64
        public var type: NotificationType
        public var subtype: NotificationSubtype?

        public init(sequence: Int64, type: NotificationType, subtype: NotificationSubtype?) {
            self.sequence = sequence
            self.type = type
            self.subtype = subtype
        }
    }

    /// The journal's own order (0 until committed).
    public var sequence: Int64
    /// When it happened, by the computer's clock.
    public var wallTime: Date
    /// When it happened, by the store's (virtual) clock.
    public var storeTime: Date
    /// The paywall run, CLI invocation or server that acted (`JournalContext.session`).
    public var session: String
    /// "paywall", "cli", "wire", or "store" for the store's own work (renewals coming due).
    public var source: JournalSource
    /// The paywall's screen when it acted, if it said.
    public var screen: String?
    /// The account acted for.
    public var account: AccountName
    /// What was asked ("Refunding transaction 2000000000000001").
    public var action: String
    /// What came of it ("purchased 2000000000000001", "cancelled", "failed: ...").
    public var result: String
    public var notifications: [Notification]
    /// Transactions the action created or signed again, oldest first.
    public var transactionIDs: [UInt64]
    /// The screen's text when the paywall acted (the report's picture of the step).
    public var picture: String?

    public init(
        sequence: Int64 = 0, wallTime: Date, storeTime: Date, session: String, source: JournalSource,
        screen: String? = nil, account: AccountName, action: String, result: String,
        notifications: [Notification] = [], transactionIDs: [UInt64] = [], picture: String? = nil
    ) {
        self.sequence = sequence
        self.wallTime = wallTime
        self.storeTime = storeTime
        self.session = session
        self.source = source
        self.screen = screen
        self.account = account
        self.action = action
        self.result = result
        self.notifications = notifications
        self.transactionIDs = transactionIDs
        self.picture = picture
    }
}

/// Which journal entries to read.
public struct JournalFilter: Sendable, Hashable {
    /// Entries at or after this wall time.
    public var since: Date?
    public var account: AccountName?
    public var session: String?
    public var limit: Int

    public init(since: Date? = nil, account: AccountName? = nil, session: String? = nil, limit: Int = 100_000)
    {
        self.since = since
        self.account = account
        self.session = session
        self.limit = limit
    }
}

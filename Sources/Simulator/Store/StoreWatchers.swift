import Foundation
import StoreCore

/// Everyone listening to a store: the app's transaction updates and messages, a tester's
/// events, an update stream's numbered log, and webhook delivery's outbox signals. One watcher
/// ID is in one registry; `remove` looks in all of them.
struct StoreWatchers {
    var updates = WatcherRegistry<VerificationResult<Transaction>>()
    var messages = WatcherRegistry<StoreMessage>()
    var events = WatcherRegistry<StoreEvent>()
    var log = WatcherRegistry<LoggedUpdate>()
    /// Webhook deliveries waiting for new notifications (`SimulatedStore.outboxSignals`).
    var outbox = WatcherRegistry<Void>()

    mutating func remove(_ id: UUID) {
        updates.remove(id)
        messages.remove(id)
        events.remove(id)
        log.remove(id)
        outbox.remove(id)
    }

    /// Whether someone waits for the store's time to pass (a message listener alone does not:
    /// messages come with changes someone else makes).
    var wantTime: Bool { !updates.isEmpty || !events.isEmpty || !log.isEmpty }

    /// Whether a transaction update of `account` reaches anyone: reading its signature back
    /// costs a query, worth it only when someone listens.
    func hearUpdates(of account: AccountName) -> Bool {
        updates.hears(account) || log.hears(account) || events.hears(account)
    }

    /// Hands committed announcements to the streams watching the accounts they concern.
    /// `sequences` are the update-log numbers the commit gave the `.update` announcements, in
    /// order; `transaction` reads an update's transaction as the app gets it (nil: not visible).
    /// Returns the messages that reached a listener, which the store marks shown.
    func deliver(
        _ announcements: [Announcement], sequences: [Int64],
        transaction: (UInt64) -> VerificationResult<Transaction>?
    ) -> [(account: AccountName, message: StoreMessage)] {
        var stateChanged: Set<AccountName?> = []
        var sequences = sequences.makeIterator()
        var shown: [(account: AccountName, message: StoreMessage)] = []
        for announcement in announcements {
            switch announcement {
            case .update(let account, let id):
                let sequence = sequences.next()
                guard hearUpdates(of: account), let result = transaction(id) else { continue }
                updates.yield(result, to: account)
                if let sequence {
                    log.yield(LoggedUpdate(sequence: sequence, transaction: result), to: account)
                }
                events.yield(.transaction(result), to: account)
            case .event(let account, .stateChanged):
                // Many changes in one action make one "state changed" per account.
                stateChanged.insert(account)
            case .event(let account, let event):
                if case .message(let message) = event, messages.yield(message, to: account) > 0,
                    let account
                {
                    shown.append((account, message))
                }
                events.yield(event, to: account)
            }
        }
        for account in stateChanged { events.yield(.stateChanged, to: account) }
        return shown
    }
}

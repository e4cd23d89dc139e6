import Foundation
import Simulator
import StoreCore

/// Every transaction update of each account, numbered, so an update stream can resume after
/// the last event a client saw (`Last-Event-ID`) with nothing lost or repeated.
///
/// The log watches each account from the server's start (or the account's first request), so
/// updates made while no client is connected are kept for the next one. Event IDs are
/// `<epoch>-<sequence>`: the epoch is the server's start, so an ID from an earlier run is
/// recognised as unknown, and that client is treated as a new listener (it gets every
/// unfinished transaction again, as StoreKit gives an app on launch). Each account keeps its
/// latest `capacity` updates; a client further behind is treated the same way.
public actor UpdateLog {
    public struct Entry: Sendable {
        public var sequence: Int
        public var transaction: WireSigned
    }

    /// Where a subscriber starts: after `head` (its own last event when it resumes), with
    /// `backlog` (the events after `head`) to send first.
    public struct Subscription: Sendable {
        /// The client's position could not be resumed: send it the unfinished transactions.
        public var isFresh: Bool
        public var head: Int
        public var backlog: [Entry]
        public var live: AsyncStream<Entry>
    }

    private struct Account {
        var entries: [Entry] = []
        var next = 1
        var subscribers: [UUID: AsyncStream<Entry>.Continuation] = [:]
    }

    public nonisolated let epoch: String
    private let store: SimulatedStore
    private let capacity: Int
    private var accounts: [String: Account] = [:]
    private var watchers: [String: Task<Void, Never>] = [:]

    public init(store: SimulatedStore, capacity: Int = 10_000) {
        self.store = store
        self.capacity = capacity
        epoch = String(UInt64(Date().timeIntervalSince1970 * 1000), radix: 36)
    }

    /// Starts logging `account`'s updates, once; returns when the watch is registered.
    public func watch(_ account: String) async {
        guard watchers[account] == nil else { return }
        // Claim the slot before suspending, so a concurrent call does not watch twice.
        watchers[account] = Task {}
        accounts[account, default: Account()] = accounts[account] ?? Account()
        let store = store
        // `events` delivers what `updates` does minus the replay of unfinished transactions.
        let events = await SimulatedStore.$requestAccount.withValue(account) { await store.events() }
        watchers[account] = Task { [weak self] in
            for await event in events {
                guard case .transaction(let check) = event else { continue }
                await self?.append(WireSigned(check), to: account)
            }
        }
    }

    private func append(_ transaction: WireSigned, to name: String) {
        var account = accounts[name, default: Account()]
        let entry = Entry(sequence: account.next, transaction: transaction)
        account.next += 1
        account.entries.append(entry)
        if account.entries.count > capacity { account.entries.removeFirst(account.entries.count - capacity) }
        for subscriber in account.subscribers.values { subscriber.yield(entry) }
        accounts[name] = account
    }

    /// The sequence number in an event ID of this run, or nil.
    public nonisolated func sequence(inEventID id: String?) -> Int? {
        guard let id, let dash = id.lastIndex(of: "-"), id[..<dash] == epoch else { return nil }
        return Int(id[id.index(after: dash)...])
    }

    public nonisolated func eventID(_ sequence: Int) -> String { "\(epoch)-\(sequence)" }

    /// Subscribes to `account`'s updates after `lastEventID`.
    public func subscribe(_ name: String, lastEventID: String?) async -> Subscription {
        await watch(name)
        let account = accounts[name, default: Account()]
        var head = account.next - 1
        var isFresh = true
        var backlog: [Entry] = []
        if let last = sequence(inEventID: lastEventID), last <= head {
            let oldest = account.entries.first?.sequence ?? account.next
            if last >= oldest - 1 {
                isFresh = false
                backlog = account.entries.filter { $0.sequence > last }
                head = last
            }
        }
        let (live, continuation) = AsyncStream.makeStream(of: Entry.self)
        let id = UUID()
        accounts[name, default: Account()].subscribers[id] = continuation
        continuation.onTermination = { _ in Task { await self.unsubscribe(id, from: name) } }
        return Subscription(isFresh: isFresh, head: head, backlog: backlog, live: live)
    }

    private func unsubscribe(_ id: UUID, from name: String) {
        accounts[name]?.subscribers[id] = nil
    }

    /// Stops watching every account (the server is shutting down).
    public func close() {
        for task in watchers.values { task.cancel() }
        watchers = [:]
        for account in accounts.values { account.subscribers.values.forEach { $0.finish() } }
    }
}

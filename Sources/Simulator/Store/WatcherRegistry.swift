import Foundation
import StoreCore

/// The streams listening to a store for one kind of element, each under the ID its
/// `onTermination` removes it by, and each for one account or (account nil) for all of them.
/// Owned by the store and used on its executor only: adding, removing and yielding are plain
/// calls, not hops.
struct WatcherRegistry<Element: Sendable> {
    private var watchers: [UUID: (account: AccountName?, continuation: AsyncStream<Element>.Continuation)] =
        [:]

    var isEmpty: Bool { watchers.isEmpty }
    var count: Int { watchers.count }

    mutating func add(_ id: UUID, account: AccountName?, _ continuation: AsyncStream<Element>.Continuation) {
        watchers[id] = (account, continuation)
    }

    /// Forgets the watcher with `id`; nothing when there is none (an ID of another registry).
    mutating func remove(_ id: UUID) { watchers[id] = nil }

    /// Whether anyone hears what happens to `account`: its own watchers or those of all accounts.
    func hears(_ account: AccountName) -> Bool {
        watchers.values.contains { $0.account == nil || $0.account == account }
    }

    /// Hands `element` to the watchers of `account` and of all accounts (`account` nil: to
    /// every watcher). Returns how many it reached.
    @discardableResult
    func yield(_ element: Element, to account: AccountName?) -> Int {
        var reached = 0
        for watcher in watchers.values
        where account == nil || watcher.account == nil || watcher.account == account {
            watcher.continuation.yield(element)
            reached += 1
        }
        return reached
    }
}

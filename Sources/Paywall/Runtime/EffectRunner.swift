import Foundation
import StoreCore

/// Carries out effects against the store, one at a time in order (so a reload never overtakes
/// the purchase it follows), and posts what comes back to the inbox.
public final class EffectRunner: Sendable {
    public typealias Backend = any Store & StoreControl

    private let store: Backend
    private let inbox: Inbox
    private let log: PaywallLog
    private let queue: AsyncStream<Effect>.Continuation
    private let groupID: String?

    public init(store: Backend, inbox: Inbox, log: PaywallLog, groupID: String?) {
        self.store = store
        self.inbox = inbox
        self.log = log
        self.groupID = groupID
        let (stream, continuation) = AsyncStream<Effect>.makeStream()
        queue = continuation
        Task.detached { [store, inbox, log, groupID] in
            for await effect in stream {
                log.write("effect \(effect)")
                await Self.perform(effect, store: store, inbox: inbox, groupID: groupID)
            }
        }
    }

    /// Queues effects; returns at once.
    public func run(_ effects: [Effect]) {
        for effect in effects { queue.yield(effect) }
    }

    /// Listens to `updates`, `messages` and `events` for as long as the process runs.
    public func listen() {
        let store = self.store
        let inbox = self.inbox
        Task.detached {
            for await update in await store.updates() { inbox.post(.update(update)) }
        }
        Task.detached {
            for await message in await store.messages() { inbox.post(.message(message)) }
        }
        Task.detached {
            for await event in await store.events() { inbox.post(.storeEvent(event)) }
        }
    }

    public func stop() { queue.finish() }
}

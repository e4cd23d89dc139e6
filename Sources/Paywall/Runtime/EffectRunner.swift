import Foundation
import StoreCore
import Synchronization

/// Carries out effects against the store, one at a time in order (so a reload never overtakes
/// the purchase it follows), and posts what comes back to the inbox.
public final class EffectRunner: Sendable {
    public typealias Backend = any Store & StoreControl

    private let store: Backend
    private let inbox: Inbox
    private let log: PaywallLog
    /// Each effect travels with the subscription group the paywall showed when it was asked for.
    private let queue: AsyncStream<(Effect, String?)>.Continuation
    private let groupID: String?
    /// A reload waits in the queue: later ones would read the same state, so they are dropped
    /// (and completed at once, so the app does not wait for them).
    private let reloadFlag = ReloadFlag()
    /// The tasks `listen` started, cancelled by `stop` so no stream outlives the app.
    private let listeners = Mutex<[Task<Void, Never>]>([])

    public init(store: Backend, inbox: Inbox, log: PaywallLog, groupID: String?) {
        self.store = store
        self.inbox = inbox
        self.log = log
        self.groupID = groupID
        let (stream, continuation) = AsyncStream<(Effect, String?)>.makeStream()
        queue = continuation
        let reloadFlag = self.reloadFlag
        Task.detached { [store, inbox, log] in
            for await (effect, groupID) in stream {
                if effect == .reload { reloadFlag.isQueued.withLock { $0 = false } }
                log.write("effect \(effect)")
                await Self.carryOut(effect, store: store, inbox: inbox, groupID: groupID)
            }
        }
    }

    /// Applies `event` to `state` and queues the effects it asks for, read on the subscription
    /// group `state` shows then (the group switcher changes it).
    public func send(_ event: Event, to state: inout AppState) {
        let effects = PaywallProgram.update(&state, event)
        run(effects, groupID: state.content.leadingGroupID)
    }

    /// Queues effects; returns at once.
    public func run(_ effects: [Effect]) { run(effects, groupID: groupID) }

    /// Queues effects to be carried out on `groupID`; returns at once.
    public func run(_ effects: [Effect], groupID: String?) {
        for effect in effects {
            if effect == .reload {
                let wasQueued = reloadFlag.isQueued.withLock { queued in
                    defer { queued = true }
                    return queued
                }
                if wasQueued {
                    inbox.post(.completed(effect))
                    continue
                }
            }
            queue.yield((effect, groupID))
        }
    }

    /// Listens to `updates`, `messages` and `events` until `stop`.
    public func listen() {
        let store = self.store
        let inbox = self.inbox
        let tasks = [
            Task.detached {
                for await update in await store.updates() { inbox.post(.update(update)) }
            },
            Task.detached {
                for await message in await store.messages() { inbox.post(.message(message)) }
            },
            Task.detached {
                for await event in await store.events() { inbox.post(.storeEvent(event)) }
            },
        ]
        listeners.withLock { $0 += tasks }
    }

    /// Ends the effect queue and the listeners: their streams end, so the store stops watching.
    public func stop() {
        queue.finish()
        for task in listeners.withLock({ $0 }) { task.cancel() }
    }
}

/// Shared between `run` and the runner's task: whether a reload is waiting in the queue.
private final class ReloadFlag: Sendable {
    let isQueued = Mutex(false)
}

import Foundation
import StoreCore
import Synchronization

/// Carries out effects against the store, one at a time in order (so a reload never overtakes
/// the purchase it follows), and posts what comes back to the inbox.
public final class EffectRunner: Sendable {
    public typealias Backend = any Store & StoreControl

    /// An effect as queued: with the subscription group the paywall showed when it was asked
    /// for, and the journal context of the screen it was asked from.
    private struct Queued: Sendable {
        var effect: Effect
        var groupID: String?
        /// How many records a reload reads (`AppState.recordLimit`).
        var recordLimit: Int
        var journal: JournalContext?
    }

    private let store: Backend
    private let inbox: Inbox
    private let log: PaywallLog
    private let queue: AsyncStream<Queued>.Continuation
    /// This paywall run's session, for the store's QA journal (each effect adds its screen).
    private let journal: JournalContext?
    private let groupID: String?
    /// A reload waits in the queue: later ones would read the same state, so they are dropped
    /// (and completed at once, so the app does not wait for them).
    private let reloadFlag = ReloadFlag()
    /// The tasks `listen` started, cancelled by `stop` so no stream outlives the app.
    private let listeners = Mutex<[Task<Void, Never>]>([])

    public init(
        store: Backend, inbox: Inbox, log: PaywallLog, groupID: String?, journal: JournalContext? = nil
    ) {
        self.store = store
        self.journal = journal
        self.inbox = inbox
        self.log = log
        self.groupID = groupID
        let (stream, continuation) = AsyncStream<Queued>.makeStream()
        queue = continuation
        let reloadFlag = self.reloadFlag
        Task.detached { [store, inbox, log] in
            for await queued in stream {
                if queued.effect == .reload { reloadFlag.isQueued.withLock { $0 = false } }
                log.write("effect \(queued.effect)")
                await JournalContext.$current.withValue(queued.journal) {
                    await Self.carryOut(
                        queued.effect, store: store, inbox: inbox, groupID: queued.groupID,
                        recordLimit: queued.recordLimit)
                }
            }
        }
    }

    /// Applies `event` to `state` and queues the effects it asks for, read on the subscription
    /// group `state` shows then (the group switcher changes it). `picture`: the screen the
    /// event happened on, as the tester saw it, for the store's journal.
    public func send(_ event: Event, to state: inout AppState, picture: @autoclosure () -> String? = nil) {
        // The screen the key was pressed on, named before `update` moves away from it.
        let screen = state.journalScreenName
        let effects = PaywallProgram.update(&state, event)
        run(
            effects, groupID: state.content.leadingGroupID, recordLimit: state.recordLimit, screen: screen,
            picture: effects.isEmpty ? nil : picture())
    }

    /// Queues effects; returns at once.
    public func run(_ effects: [Effect]) { run(effects, groupID: groupID) }

    /// Queues effects to be carried out on `groupID`, reloads reading `recordLimit` records;
    /// returns at once. `screen` and `picture`: what the tester was looking at when they asked
    /// for them (the store's journal keeps both).
    public func run(
        _ effects: [Effect], groupID: String?, recordLimit: Int = StoreSnapshot.recordPage,
        screen: String? = nil, picture: String? = nil
    ) {
        let journal = screen == nil ? self.journal : self.journal?.showing(screen, picture: picture)
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
            queue.yield(Queued(effect: effect, groupID: groupID, recordLimit: recordLimit, journal: journal))
        }
    }

    /// Adds a line to the store's QA journal with the screen the tester sees (`picture`): the
    /// paywall's reaction to a change made elsewhere. Beside the effect queue and off the screen:
    /// the line is the tester's record, not something the paywall shows or waits for, so losing
    /// it (a store that went away) costs only the line, and the log (`$KIOSK_LOG`) says so.
    public func journalScreen(_ screen: String, picture: String?, note: JournalNote) {
        guard let journal else { return }
        let context = journal.showing(screen, picture: picture)
        let store = self.store
        let log = self.log
        Task.detached {
            await JournalContext.$current.withValue(context) {
                do {
                    _ = try await store.perform(.journalNote(note))
                } catch {
                    log.write("journal note '\(note.action)' not recorded: \(error)")
                }
            }
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

import Foundation
import Simulator
import StoreCore
import Synchronization

/// Hands the store's transaction updates to the app's `Transaction.updates` listeners, and
/// knows at every moment whether a listener is running and whether all of them have handled
/// what they were given (so a test can wait for that instead of sleeping).
///
/// On the in-process simulator the hub reads the store's numbered update log: it can tell that
/// it has seen everything the store committed. Elsewhere each listener reads the store's own
/// `updates()` stream.
package final class UpdateHub: Sendable {
    private let store: CoreStore
    private let simulator: SimulatedStore?
    private let watcher: MistakeWatcher

    private struct State {
        /// Held weakly: a loop that ends with `break` drops its iterator, and with it its inbox,
        /// which then stops counting as a listener (and as one still handling an update).
        var inboxReferences: [ObjectIdentifier: WeakInbox] = [:]
        var inboxes: [UpdateInbox] { inboxReferences.values.compactMap(\.inbox) }
        var started = false
        var pump: Task<Void, Never>?
        /// The last update-log number the pump handed out.
        var lastSeen: Int64 = 0
        var closed = false
        var idleWaiters: [CheckedContinuation<Void, Never>] = []
        var seenWaiters: [(Int64, CheckedContinuation<Void, Never>)] = []
        var listenerWaiters: [CheckedContinuation<Bool, Never>] = []
    }
    private let state = Mutex(State())
    /// Who subscribes to the update log: the first caller, in its own task (a synchronous
    /// session action's task prefers the store's thread, and must not wait for a thread of the
    /// cooperative pool that a blocked caller may be holding); later callers wait for it.
    private let starting = Mutex<StartPhase>(.notStarted)
    private enum StartPhase {
        case notStarted
        case subscribing(waiters: [CheckedContinuation<Void, Never>])
        case done
    }

    init(store: CoreStore, simulator: SimulatedStore?, watcher: MistakeWatcher) {
        self.store = store
        self.simulator = simulator
        self.watcher = watcher
    }

    /// Subscribes to the simulator's update log (once); later calls wait for that first one.
    func start() async {
        guard let simulator else { return }
        let subscribesHere: Bool? = starting.withLock { phase in
            switch phase {
            case .done: return nil
            case .subscribing: return false
            case .notStarted:
                phase = .subscribing(waiters: [])
                return true
            }
        }
        guard let subscribesHere else { return }
        if subscribesHere {
            await subscribe(simulator)
            let waiters = starting.withLock { phase -> [CheckedContinuation<Void, Never>] in
                defer { phase = .done }
                guard case .subscribing(let waiters) = phase else { return [] }
                return waiters
            }
            for waiter in waiters { waiter.resume() }
            return
        }
        await withCheckedContinuation { continuation in
            let done = starting.withLock { phase in
                guard case .subscribing(let waiters) = phase else { return true }
                phase = .subscribing(waiters: waiters + [continuation])
                return false
            }
            if done { continuation.resume() }
        }
    }

    private func subscribe(_ simulator: SimulatedStore) async {
        let subscription: UpdateLogSubscription
        do {
            subscription = try await simulator.subscribeActiveAccountToUpdateLog(after: nil)
        } catch {
            // Apple's `Transaction.updates` cannot throw: its listeners get nothing, and say why.
            StoreKitRuntime.shared.report(
                KioskStoreError("Transaction.updates cannot follow the store's updates: \(error)"))
            return
        }
        let pump = Task { [weak self] in
            for await update in subscription.live {
                guard let self else { return }
                self.dispatch(update)
            }
        }
        let closed = state.withLock { state in
            state.lastSeen = max(state.lastSeen, subscription.head)
            state.started = true
            state.pump = pump
            return state.closed
        }
        // Closed while subscribing (a new session came): the old store's log is no one's.
        if closed { pump.cancel() }
    }

    private func dispatch(_ update: LoggedUpdate) {
        let result = VerificationResult<Transaction>(update.transaction)
        let (inboxes, seenReady) = state.withLock { state in
            state.lastSeen = max(state.lastSeen, update.sequence)
            let ready = state.seenWaiters.filter { $0.0 <= state.lastSeen }.map(\.1)
            state.seenWaiters.removeAll { $0.0 <= state.lastSeen }
            return (state.inboxes, ready)
        }
        if inboxes.isEmpty { watcher.updateWithoutListener(result.unsafePayloadValue) }
        for inbox in inboxes { inbox.enqueue(result) }
        for waiter in seenReady { waiter.resume() }
    }

    /// A new `Transaction.updates` listener: it gets every unfinished transaction first, then
    /// every update as it commits.
    func addListener() -> UpdateInbox {
        let inbox = UpdateInbox(hub: self, usesLog: simulator != nil, mark: watcher.purchaseMark)
        let (closed, waiters) = state.withLock { state in
            state.inboxReferences = state.inboxReferences.filter { $0.value.inbox != nil }
            if !state.closed { state.inboxReferences[ObjectIdentifier(inbox)] = WeakInbox(inbox: inbox) }
            defer { state.listenerWaiters = [] }
            return (state.closed, state.listenerWaiters)
        }
        if closed { inbox.finish() } else { watcher.listenerStarted() }
        for waiter in waiters { waiter.resume(returning: !closed) }
        return inbox
    }

    func removeListener(_ inbox: UpdateInbox) {
        _ = state.withLock { $0.inboxReferences.removeValue(forKey: ObjectIdentifier(inbox)) }
        checkIdle()
    }

    /// The store's own stream, for listeners on a store without an update log.
    func storeUpdates() async -> AsyncStream<CoreVerificationResult<CoreTransaction>> {
        await store.updates()
    }

    /// The unfinished transactions a listener that started at `mark` begins with: those the
    /// app was handed by a purchase after the listener started are the purchase's to finish.
    func unfinished(since mark: Int) async -> [VerificationResult<Transaction>] {
        await watcher.waitForPurchases(after: mark)
        let results: [CoreVerificationResult<CoreTransaction>]
        do {
            results = try await store.unfinished()
        } catch {
            // A listener cannot throw: it starts without them, and the reason is reported.
            StoreKitRuntime.shared.report(
                KioskStoreError("Transaction.updates started without the unfinished transactions: \(error)"))
            results = []
        }
        return results.map { VerificationResult<Transaction>($0) }.filter {
            !watcher.handedOut($0.unsafePayloadValue.id, after: mark)
        }
    }

    var isListening: Bool { state.withLock { !$0.inboxes.isEmpty } }

    /// Waits until the hub has handed out every update the store committed for the account
    /// and every listener has handled what it was given (it is waiting for the next one).
    package func waitUntilHandled() async {
        guard let simulator else { return }
        await start()
        let from = state.withLock { $0.lastSeen }
        var pending: UpdateLogSubscription?
        do {
            pending = try await simulator.subscribeActiveAccountToUpdateLog(after: from)
        } catch {
            // Without the log there is no backlog to wait for: the wait covers the listeners alone.
            StoreKitRuntime.shared.report(
                KioskStoreError("waiting for pending updates cannot read the store's update log: \(error)"))
        }
        if let last = pending?.backlog.last?.sequence {
            await withCheckedContinuation { continuation in
                let ready = state.withLock { state in
                    if state.lastSeen >= last || state.closed { return true }
                    state.seenWaiters.append((last, continuation))
                    return false
                }
                if ready { continuation.resume() }
            }
        }
        await withCheckedContinuation { continuation in
            let ready = state.withLock { state in
                if state.closed || state.inboxes.allSatisfy(\.isIdle) { return true }
                state.idleWaiters.append(continuation)
                return false
            }
            if ready { continuation.resume() }
        }
    }

    /// Waits until a `Transaction.updates` listener is running and has handled what it was
    /// given when it started (a listener the app starts in a detached task starts whenever
    /// that task runs); false when none started within `timeout`.
    package func waitForListener(timeout: Duration) async -> Bool {
        let started = await withTaskGroup(of: Bool.self) { group in
            group.addTask {
                await withCheckedContinuation { continuation in
                    let running = self.state.withLock { state in
                        if !state.inboxes.isEmpty || state.closed { return true }
                        state.listenerWaiters.append(continuation)
                        return false
                    }
                    if running { continuation.resume(returning: true) }
                }
            }
            group.addTask {
                // Cancelled when the listener came first: its answer is already taken.
                try? await Task.sleep(for: timeout)
                return false
            }
            let first = await group.next() ?? false
            if !first { self.wakeListenerWaiters() }
            group.cancelAll()
            return first
        }
        if started { await waitUntilHandled() }
        return started
    }

    private func wakeListenerWaiters() {
        let waiters = state.withLock { state in
            defer { state.listenerWaiters = [] }
            return state.listenerWaiters
        }
        for waiter in waiters { waiter.resume(returning: false) }
    }

    /// Called when a listener's state changes: wakes the waiters once all are idle.
    func checkIdle() {
        let ready = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            guard state.inboxes.allSatisfy(\.isIdle) else { return [] }
            defer { state.idleWaiters = [] }
            return state.idleWaiters
        }
        for waiter in ready { waiter.resume() }
    }

    /// Ends every listener and the pump (the session was replaced).
    func close() {
        let (inboxes, pump, waiters) = state.withLock { state in
            state.closed = true
            defer {
                state.inboxReferences = [:]
                state.idleWaiters = []
                state.seenWaiters = []
            }
            return (state.inboxes, state.pump, state.idleWaiters + state.seenWaiters.map(\.1))
        }
        wakeListenerWaiters()
        pump?.cancel()
        for inbox in inboxes { inbox.finish() }
        for waiter in waiters { waiter.resume() }
    }
}

/// The hub's weak hold on a listener's inbox.
struct WeakInbox: Sendable {
    weak let inbox: UpdateInbox?
}

/// One listener's queue of updates. It is idle when its queue is empty and it is waiting for
/// the next update: the loop body that handled the previous one has finished.
final class UpdateInbox: Sendable {
    typealias Element = VerificationResult<Transaction>
    private struct State {
        var queue: [Element] = []
        var waiter: CheckedContinuation<Element?, Never>?
        /// Between handing out an update and the listener asking for the next one.
        var handling = false
        /// Until the unfinished transactions are fetched and queued.
        var startingUp = true
        var finished = false
        /// JWS already queued, so an update that is also unfinished comes once.
        var queued: Set<String> = []
    }
    private let state = Mutex(State())
    private weak let hub: UpdateHub?
    private let usesLog: Bool
    /// The watcher's count of purchases handed out when the listener started.
    private let mark: Int

    init(hub: UpdateHub, usesLog: Bool, mark: Int) {
        self.hub = hub
        self.usesLog = usesLog
        self.mark = mark
    }

    // A loop that broke out drops its inbox: whoever waits for the listeners to be idle looks again.
    deinit { hub?.checkIdle() }

    var isIdle: Bool {
        state.withLock { $0.finished || ($0.queue.isEmpty && !$0.handling && !$0.startingUp) }
    }

    func enqueue(_ element: Element) {
        let waiter = state.withLock { state -> CheckedContinuation<Element?, Never>? in
            guard !state.finished, state.queued.insert(element.jwsRepresentation).inserted else { return nil }
            if let waiter = state.waiter {
                state.waiter = nil
                state.handling = true
                return waiter
            }
            state.queue.append(element)
            return nil
        }
        if let waiter {
            hub?.watcher(delivered: element)
            waiter.resume(returning: element)
        }
    }

    func finish() {
        let waiter = state.withLock { state in
            state.finished = true
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume(returning: nil)
        hub?.checkIdle()
    }

    /// The next update; nil once the listener's session ended or its task was cancelled.
    func next() async -> Element? {
        let startingUp = state.withLock { state in
            state.handling = false
            return state.startingUp
        }
        if startingUp { await startUp() }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Element?, Never>) in
                let ready = state.withLock { state -> Element?? in
                    if !state.queue.isEmpty {
                        state.handling = true
                        return .some(state.queue.removeFirst())
                    }
                    if state.finished || Task.isCancelled { return .some(nil) }
                    state.waiter = continuation
                    return nil
                }
                if let ready {
                    if let element = ready { hub?.watcher(delivered: element) }
                    continuation.resume(returning: ready)
                }
                hub?.checkIdle()
            }
        } onCancel: {
            self.finish()
            self.hub?.removeListener(self)
        }
    }

    /// Queues the unfinished transactions (as StoreKit gives a new listener), and on a store
    /// without an update log, starts reading its own stream.
    private func startUp() async {
        guard let hub else { return }
        // The hub's subscription first, so nothing committed from here on can be missed.
        await hub.start()
        if usesLog {
            for result in await hub.unfinished(since: mark) { enqueue(result) }
        } else {
            let stream = await hub.storeUpdates()
            Task { [weak self] in
                for await result in stream {
                    guard let self else { return }
                    self.enqueue(VerificationResult<Transaction>(result))
                }
            }
        }
        state.withLock { $0.startingUp = false }
    }
}

extension UpdateHub {
    fileprivate func watcher(delivered element: VerificationResult<Transaction>) {
        watcher.delivered(element, via: "Transaction.updates")
    }
}

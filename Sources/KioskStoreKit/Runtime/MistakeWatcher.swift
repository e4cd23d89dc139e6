import Foundation
import Simulator
import StoreCore
import Synchronization

/// Watches the app's side of a binding for the mistakes `StoreKitMistake` names, and writes
/// each into the journal as it is found.
package final class MistakeWatcher: Sendable {
    private struct State {
        var listenerStarted = false
        var entitlementsRead = false
        /// Transactions given to the app that it must finish, with how they came.
        var delivered: [UInt64: (transaction: Transaction, source: String)] = [:]
        var finished: Set<UInt64> = []
        /// Purchases the app started, numbered in order; those still under way; and the
        /// number of the purchase that handed out each transaction.
        var purchasesStarted = 0
        var purchasesUnderWay: Set<Int> = []
        var handedOutBy: [UInt64: Int] = [:]
        var purchaseWaiters: [(mark: Int, continuation: CheckedContinuation<Void, Never>)] = []
        var mistakes: [StoreKitMistake] = []
    }
    private let state = Mutex(State())
    init() {}

    /// Set once, by the binding that owns the watcher (it holds the journal).
    private let owner = Mutex<StoreBindingReference?>(nil)
    func attach(binding: StoreBinding) { owner.withLock { $0 = StoreBindingReference(binding: binding) } }

    func listenerStarted() { state.withLock { $0.listenerStarted = true } }
    func entitlementsRead() { state.withLock { $0.entitlementsRead = true } }

    /// A transaction the app was handed: unless finished, it must be.
    func delivered(_ result: VerificationResult<Transaction>, via source: String) {
        let transaction = result.unsafePayloadValue
        state.withLock { state in
            guard !state.finished.contains(transaction.id), state.delivered[transaction.id] == nil else {
                return
            }
            state.delivered[transaction.id] = (transaction, source)
        }
    }

    func finished(_ transaction: Transaction) {
        let mistake: StoreKitMistake? = state.withLock { state in
            state.finished.insert(transaction.id)
            state.delivered[transaction.id] = nil
            return transaction.isVerifiedPayload ? nil : .finishedUnverified(transaction)
        }
        if let mistake { record(mistake) }
    }

    /// How many purchases the app started so far (a listener notes it when it starts).
    var purchaseMark: Int { state.withLock { $0.purchasesStarted } }

    /// A purchase starting; its number goes back to `purchaseEnded`.
    func purchaseStarted() -> Int {
        state.withLock { state in
            state.purchasesStarted += 1
            state.purchasesUnderWay.insert(state.purchasesStarted)
            return state.purchasesStarted
        }
    }

    /// A purchase answered, with the transaction it handed the app, if any.
    func purchaseEnded(_ number: Int, handedOut transactionID: UInt64?) {
        let ready = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.purchasesUnderWay.remove(number)
            if let transactionID { state.handedOutBy[transactionID] = number }
            let latestUnderWay = state.purchasesUnderWay.max() ?? 0
            let ready = state.purchaseWaiters.filter { $0.mark >= latestUnderWay }.map(\.continuation)
            state.purchaseWaiters.removeAll { $0.mark >= latestUnderWay }
            return ready
        }
        for waiter in ready { waiter.resume() }
    }

    /// Waits until every purchase started after `mark` has answered.
    func waitForPurchases(after mark: Int) async {
        await withCheckedContinuation { continuation in
            let done = state.withLock { state in
                if !state.purchasesUnderWay.contains(where: { $0 > mark }) { return true }
                state.purchaseWaiters.append((mark, continuation))
                return false
            }
            if done { continuation.resume() }
        }
    }

    /// Whether a purchase started after `mark` handed the app this transaction: a listener that
    /// started before that purchase does not get it again as "unfinished at launch".
    func handedOut(_ id: UInt64, after mark: Int) -> Bool {
        state.withLock { ($0.handedOutBy[id] ?? 0) > mark }
    }

    func updateWithoutListener(_ transaction: Transaction) { record(.withoutListener(transaction)) }

    /// Called before a purchase reaches the store.
    func purchasing(_ productID: String) {
        let early = state.withLock { !$0.listenerStarted && !$0.entitlementsRead }
        if early { record(.purchaseBeforeListening(productID: productID)) }
    }

    /// The mistakes so far, with every transaction delivered and still unfinished in the store
    /// (the unfinished ones are journaled the first time they are reported).
    package func mistakes(unfinishedInStore: Set<UInt64>) async -> [StoreKitMistake] {
        let unfinished = state.withLock { state in
            state.delivered.values.filter { unfinishedInStore.contains($0.transaction.id) }
                .sorted { $0.transaction.id < $1.transaction.id }
                .map { StoreKitMistake.unfinished($0.transaction, via: $0.source) }
        }
        await lastWriter.withLock { $0 }?.value
        let lines = unfinished.filter { mistake in journaled.withLock { $0.insert(mistake).inserted } }
        await write(lines)
        return state.withLock { $0.mistakes } + unfinished
    }

    private func record(_ mistake: StoreKitMistake) {
        state.withLock { $0.mistakes.append(mistake) }
        lineQueue.withLock { $0.waiting.append(mistake) }
        startWriting()
    }

    /// Lines not yet written, and whether a writer is taking them. One writer at a time takes
    /// every line waiting, in one turn of the store each time: a line per turn was a round
    /// trip to a session's store thread per mistake (one per purchase of an app without a
    /// listener), each queued among the app's own calls.
    private let lineQueue = Mutex<(waiting: [StoreKitMistake], writing: Bool)>(([], false))

    /// The newest writer; `mistakes` waits for it, so a test that read the mistakes finds their
    /// lines. Writers run one after another, so the newest one ends last (keeping every writer
    /// grew without bound in a long session that never asked for its mistakes).
    private let lastWriter = Mutex<Task<Void, Never>?>(nil)

    private let journaled = Mutex(Set<StoreKitMistake>())

    private func startWriting() {
        // On a simulator with a thread of its own, the writer runs there: the lines go in with
        // no hand-over from Swift's pool to the store's thread and back.
        let executor = owner.withLock { $0?.binding }?.simulator?.ownThreadExecutor
        lineQueue.withLock { queue in
            guard !queue.writing, !queue.waiting.isEmpty else { return }
            queue.writing = true
            // Made and kept under the queue's lock, so the next writer (which can start only
            // once this one gave the queue up) is always kept after it.
            let writer = Task(executorPreference: executor) { [self] in
                while true {
                    let taken = lineQueue.withLock { queue in
                        defer { queue.waiting = [] }
                        if queue.waiting.isEmpty { queue.writing = false }
                        return queue.waiting
                    }
                    if taken.isEmpty { return }
                    let new = taken.filter { mistake in journaled.withLock { $0.insert(mistake).inserted } }
                    await write(new)
                }
            }
            lastWriter.withLock { $0 = writer }
        }
    }

    private func write(_ mistakes: [StoreKitMistake]) async {
        guard !mistakes.isEmpty else { return }
        await owner.withLock { $0?.binding }?.journalNotes(
            mistakes.map { .storeKitMistake(kind: $0.kind.rawValue, message: $0.message) })
    }
}

/// The watcher's weak way back to its binding (the binding owns the watcher).
private struct StoreBindingReference: Sendable {
    weak let binding: StoreBinding?
}

import Foundation
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
        for mistake in unfinished { await journalOnce(mistake) }
        return state.withLock { $0.mistakes } + unfinished
    }

    private func record(_ mistake: StoreKitMistake) {
        state.withLock { $0.mistakes.append(mistake) }
        Task { await journalOnce(mistake) }
    }

    private let journaled = Mutex(Set<StoreKitMistake>())

    private func journalOnce(_ mistake: StoreKitMistake) async {
        guard journaled.withLock({ $0.insert(mistake).inserted }) else { return }
        await owner.withLock { $0?.binding }?.journalNote(
            action: "StoreKit mistake: \(mistake.kind.rawValue)", result: mistake.message)
    }
}

/// The watcher's weak way back to its binding (the binding owns the watcher).
private struct StoreBindingReference: Sendable {
    weak let binding: StoreBinding?
}

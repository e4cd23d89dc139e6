import Foundation
import StoreCore

extension SimulatedStore {
    /// Hands committed announcements to the streams watching the accounts they concern.
    /// `sequences` are the update-log numbers the commit gave the `.update` announcements, in order.
    func deliver(_ announcements: [Announcement], sequences: [Int64] = []) {
        guard !announcements.isEmpty else { return }
        var stateChanged: Set<String?> = []
        var sequences = sequences.makeIterator()
        var shown: [(account: String, message: StoreMessage)] = []
        for announcement in announcements {
            switch announcement {
            case .update(let account, let id):
                let sequence = sequences.next()
                // Reading the signature back costs a query: only when someone listens.
                let listening =
                    updateWatchers.values.contains { $0.account == account }
                    || logWatchers.values.contains { $0.account == account }
                    || eventWatchers.values.contains { $0.account == nil || $0.account == account }
                guard listening, let stored = state.transaction(id), stored.isVisible else { continue }
                let result = streamed(stored)
                for watcher in updateWatchers.values where watcher.account == account {
                    watcher.continuation.yield(result)
                }
                if let sequence {
                    for watcher in logWatchers.values where watcher.account == account {
                        watcher.continuation.yield(LoggedUpdate(sequence: sequence, transaction: result))
                    }
                }
                announce(.transaction(result), to: account)
            case .event(let account, .stateChanged):
                // Many changes in one action make one "state changed" per account.
                stateChanged.insert(account)
            case .event(let account, let event):
                if case .message(let message) = event {
                    for watcher in messageWatchers.values where account == nil || watcher.account == account {
                        watcher.continuation.yield(message)
                        if let account { shown.append((account, message)) }
                    }
                }
                announce(event, to: account)
            }
        }
        for account in stateChanged { announce(.stateChanged, to: account) }
        if !shown.isEmpty { markShown(shown) }
    }

    /// The account's messages still waiting for an app to listen (StoreKit keeps them until
    /// `Message.messages` is read), marked shown.
    func takePendingMessages(of account: String) -> [StoreMessage] {
        let pending = state.chains(of: account).compactMap(\.pendingMessage)
        markShown(pending.map { (account, $0) })
        return pending
    }

    /// Records that messages reached a listener, so they are not shown again.
    private func markShown(_ messages: [(account: String, message: StoreMessage)]) {
        guard !messages.isEmpty else { return }
        // The listener has its messages already; a failed write only shows them again to the
        // next listener, and is reported.
        do throws(StoreError) {
            try runAction { action in
                for (account, message) in messages {
                    for key in action.chainKeys(of: account) {
                        guard var chain = action.chain(key), chain.pendingMessage == message else { continue }
                        chain.pendingMessage = nil
                        action.put(chain)
                    }
                }
            }
        } catch {
            reportProblem(
                "messages shown to the app could not be marked shown (\(error)); they may show again")
        }
    }

    private func announce(_ event: StoreEvent, to account: String?) {
        for watcher in eventWatchers.values where account == nil || watcher.account == account {
            watcher.continuation.yield(event)
        }
    }

    func announceEverywhere(_ event: StoreEvent) { announce(event, to: nil) }

    func stopWatching(_ id: UUID) {
        updateWatchers[id] = nil
        messageWatchers[id] = nil
        eventWatchers[id] = nil
        logWatchers[id] = nil
        if !keepsTime && updateWatchers.isEmpty && eventWatchers.isEmpty && logWatchers.isEmpty {
            clockTask?.cancel()
            clockTask = nil
        }
    }

    var hasWatchers: Bool { !updateWatchers.isEmpty || !eventWatchers.isEmpty || !logWatchers.isEmpty }
}

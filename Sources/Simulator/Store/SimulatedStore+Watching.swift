import Foundation
import StoreCore

extension SimulatedStore {
    /// Hands committed announcements to the streams watching the accounts they concern
    /// (`StoreWatchers.deliver`), and marks the messages they showed as shown.
    func deliver(_ announcements: [Announcement], sequences: [Int64] = []) {
        guard !announcements.isEmpty else { return }
        let shown = watchers.deliver(announcements, sequences: sequences) { id in
            guard let stored = state.transaction(id), stored.isVisible else { return nil }
            return reader.streamed(stored)
        }
        if !shown.isEmpty { markShown(shown) }
    }

    /// The account's messages still waiting for an app to listen (StoreKit keeps them until
    /// `Message.messages` is read), marked shown.
    func takePendingMessages(of account: AccountName) -> [StoreMessage] {
        let pending = state.chains(of: account).compactMap(\.pendingMessage)
        markShown(pending.map { (account, $0) })
        return pending
    }

    /// Records that messages reached a listener, so they are not shown again.
    private func markShown(_ messages: [(account: AccountName, message: StoreMessage)]) {
        guard !messages.isEmpty else { return }
        // The listener has its messages already; a failed write only shows them again to the
        // next listener, and is reported.
        do throws(StoreError) {
            try runAction { action in action.markShown(messages) }
        } catch {
            reportProblem(
                "messages shown to the app could not be marked shown (\(error)); they may show again")
        }
    }

    func announceEverywhere(_ event: StoreEvent) { watchers.events.yield(event, to: nil) }

    /// A new stream of `registry`'s kind for `account`, removed from it when it ends.
    func watch<Element: Sendable>(
        _ registry: WritableKeyPath<StoreWatchers, WatcherRegistry<Element>>, account: AccountName?,
        buffering: AsyncStream<Element>.Continuation.BufferingPolicy = .unbounded
    ) -> (AsyncStream<Element>, AsyncStream<Element>.Continuation) {
        let (stream, continuation) = AsyncStream.makeStream(of: Element.self, bufferingPolicy: buffering)
        let id = UUID()
        watchers[keyPath: registry].add(id, account: account, continuation)
        continuation.onTermination = { [weak self] _ in Task { await self?.stopWatching(id) } }
        return (stream, continuation)
    }

    func stopWatching(_ id: UUID) {
        watchers.remove(id)
        if !keepsTime && !watchers.wantTime {
            timer.stop()
        }
    }

    var hasWatchers: Bool { watchers.wantTime }

    // Each registry by its own name, for tests that count the listeners.
    var updateWatchers: WatcherRegistry<VerificationResult<Transaction>> { watchers.updates }

    var messageWatchers: WatcherRegistry<StoreMessage> { watchers.messages }
    var eventWatchers: WatcherRegistry<StoreEvent> { watchers.events }

    // MARK: Problems
    // Failures the store cannot hand to a caller: a stream that starts (it cannot throw), the
    // store's own timer. Each is one line on standard error; tests bind `problemReporter`.

    @TaskLocal static var problemReporter: @Sendable (String) -> Void = { line in
        // A line that cannot be written to standard error has nowhere else to go.
        try? FileHandle.standardError.write(contentsOf: Data("kiosk: \(line)\n".utf8))
    }

    nonisolated func reportProblem(_ line: String) { Self.problemReporter(line) }

    /// Runs what is due by now before a stream starts. A failure (the ledger cannot be written)
    /// does not stop the stream: it starts with what is committed, the due events run at the
    /// next read or action, which throws if the ledger still fails, and reach the stream then.
    func catchUpBeforeStreaming(_ stream: String) {
        do {
            try catchUp()
        } catch {
            reportProblem(
                "\(stream) started before the events due by now could run (\(error)); they run at the next action"
            )
        }
    }
}

import Foundation
import StoreCore
import Synchronization

/// The store's message stream behind one `Message.messages` iterator, opened on first use.
final class MessageSource: Sendable {
    private let reader = Mutex<Task<Void, Never>?>(nil)
    private let inbox = Mutex<(queue: [Message], waiter: CheckedContinuation<Message?, Never>?, ended: Bool)>(
        ([], nil, false))

    func next() async -> Message? {
        if reader.withLock({ $0 == nil }) {
            do {
                let binding = try await StoreKitRuntime.shared.binding()
                let stream = await binding.store.messages()
                let task = Task { [weak self] in
                    for await message in stream { self?.deliver(Message(message)) }
                    self?.end()
                }
                reader.withLock { $0 = task }
            } catch {
                StoreKitRuntime.shared.report(error)
                return nil
            }
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let ready: Message?? = inbox.withLock { inbox in
                    if !inbox.queue.isEmpty { return .some(inbox.queue.removeFirst()) }
                    if inbox.ended { return .some(nil) }
                    inbox.waiter = continuation
                    return nil
                }
                if let ready { continuation.resume(returning: ready) }
            }
        } onCancel: {
            self.end()
        }
    }

    private func deliver(_ message: Message) {
        let waiter = inbox.withLock { inbox -> CheckedContinuation<Message?, Never>? in
            if let waiter = inbox.waiter {
                inbox.waiter = nil
                return waiter
            }
            inbox.queue.append(message)
            return nil
        }
        waiter?.resume(returning: message)
    }

    private func end() {
        let waiter = inbox.withLock { inbox in
            inbox.ended = true
            defer { inbox.waiter = nil }
            return inbox.waiter
        }
        waiter?.resume(returning: nil)
        reader.withLock { $0?.cancel() }
    }
}

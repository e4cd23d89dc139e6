import Synchronization

/// The elements of an async sequence (a store's `updates()`, an event stream), read on a task
/// of their own, so a test waits for each next one with a deadline instead of forever.
///
/// ```swift
/// let updates = Incoming(await store.updates())
/// try await store.refund(id)
/// let refunded = try await updates.next(waitingFor: "the refund")
/// ```
public final class Incoming<Element: Sendable>: Sendable {
    private struct Waiter {
        var id: Int
        var continuation: CheckedContinuation<Element?, any Error>
    }

    private struct State {
        var buffer: [Element] = []
        var ended = false
        var failure: (any Error)?
        var waiter: Waiter?
        var nextID = 0
    }

    /// Shared with the reading task, which must not keep `self` alive.
    private final class Box: Sendable {
        let state = Mutex(State())
    }

    private let box = Box()
    private let reader: Task<Void, Never>

    /// Starts reading `sequence` at once; elements wait in a buffer until asked for.
    public init<S: AsyncSequence & Sendable>(_ sequence: S) where S.Element == Element {
        let box = box
        reader = Task {
            do {
                for try await element in sequence {
                    let waiter = box.state.withLock { state -> Waiter? in
                        guard let waiter = state.waiter else {
                            state.buffer.append(element)
                            return nil
                        }
                        state.waiter = nil
                        return waiter
                    }
                    waiter?.continuation.resume(returning: element)
                }
                box.state.withLock { state in
                    state.ended = true
                    return state.waiter.take()
                }?.continuation.resume(returning: nil)
            } catch {
                box.state.withLock { state in
                    state.failure = error
                    return state.waiter.take()
                }?.continuation.resume(throwing: error)
            }
        }
    }

    deinit { reader.cancel() }

    /// The next element, nil when the sequence has ended, or `DeadlineExceeded` naming `what`
    /// when none arrives within `seconds` (a minute by default, as `waitUntil`).
    public func next(waitingFor what: String, seconds: Double = 60) async throws -> Element? {
        let box = box
        return try await withCheckedThrowingContinuation { continuation in
            let id = box.state.withLock { state -> Int? in
                if !state.buffer.isEmpty {
                    continuation.resume(returning: state.buffer.removeFirst())
                    return nil
                }
                if let failure = state.failure {
                    continuation.resume(throwing: failure)
                    return nil
                }
                if state.ended {
                    continuation.resume(returning: nil)
                    return nil
                }
                state.nextID += 1
                state.waiter = Waiter(id: state.nextID, continuation: continuation)
                return state.nextID
            }
            guard let id else { return }
            Task {
                try? await Task.sleep(for: .seconds(seconds))
                box.state.withLock { state -> Waiter? in
                    guard state.waiter?.id == id else { return nil }
                    return state.waiter.take()
                }?.continuation.resume(throwing: DeadlineExceeded(what: what, seconds: seconds))
            }
        }
    }

    /// The next `count` elements, or `DeadlineExceeded` naming `what` and how many came.
    public func next(_ count: Int, waitingFor what: String, seconds: Double = 60) async throws -> [Element] {
        var result: [Element] = []
        while result.count < count {
            guard
                let element = try await next(
                    waitingFor: "\(what) (\(result.count) of \(count) so far)", seconds: seconds)
            else { break }
            result.append(element)
        }
        return result
    }
}

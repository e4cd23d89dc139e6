import Foundation

/// The downstream side of the operators that subscribe to more than one publisher (`merge`,
/// `combineLatest`, `flatMap`, `catch`, `prepend`): their inner subscriptions ask for every value,
/// and the values wait here until downstream asks, so a subscriber asking for `.max(1)` gets one.
/// Locked, since the publishers it joins may send from different threads.
final class Outlet<Downstream: Subscriber>: Subscription {
    private let lock = NSRecursiveLock()
    private var downstream: Downstream?
    private var buffer: [Downstream.Input] = []
    private var demand = Subscribers.Demand.none
    private var ending: Subscribers.Completion<Downstream.Failure>?
    private var draining = false
    /// Cancels what the operator subscribed to.
    var onCancel: () -> Void = {}

    init(_ downstream: Downstream) { self.downstream = downstream }

    func start() { downstream?.receive(subscription: self) }

    func push(_ value: Downstream.Input) {
        lock.withLock { buffer.append(value) }
        drain()
    }

    /// Ends the stream: an error at once, `finished` once the waiting values are sent.
    func finish(_ completion: Subscribers.Completion<Downstream.Failure>) {
        lock.withLock {
            guard ending == nil else { return }
            if case .failure = completion { buffer = [] }
            ending = completion
        }
        drain()
    }

    func request(_ more: Subscribers.Demand) {
        lock.withLock { demand += more }
        drain()
    }

    func cancel() {
        lock.withLock {
            downstream = nil
            buffer = []
        }
        onCancel()
        onCancel = {}
    }

    private func drain() {
        lock.lock()
        defer { lock.unlock() }
        // A value's subscriber may ask for more from inside `receive(_:)`: the loop already
        // running sends it.
        guard !draining else { return }
        draining = true
        defer { draining = false }
        while let downstream, demand > 0, !buffer.isEmpty {
            let value = buffer.removeFirst()
            demand -= .max(1)
            demand += downstream.receive(value)
        }
        if let ending, buffer.isEmpty, let downstream {
            self.downstream = nil
            onCancel = {}
            downstream.receive(completion: ending)
        }
    }
}

/// A subscriber that asks for every value and hands each, and the completion, to closures:
/// how the joining operators subscribe to the publishers they join.
final class InnerSink<Input, Failure: Error>: Subscriber, Cancellable {
    private let lock = NSLock()
    private var subscription: (any Subscription)?
    private var cancelled = false
    private let value: (Input) -> Void
    private let completion: (Subscribers.Completion<Failure>) -> Void

    init(value: @escaping (Input) -> Void, completion: @escaping (Subscribers.Completion<Failure>) -> Void) {
        self.value = value
        self.completion = completion
    }

    func receive(subscription: any Subscription) {
        let accepted: Bool = lock.withLock {
            guard self.subscription == nil, !cancelled else { return false }
            self.subscription = subscription
            return true
        }
        guard accepted else { return subscription.cancel() }
        subscription.request(.unlimited)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        if !lock.withLock({ cancelled }) { value(input) }
        return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        guard !lock.withLock({ cancelled }) else { return }
        self.completion(completion)
    }

    func cancel() {
        let subscription: (any Subscription)? = lock.withLock {
            cancelled = true
            defer { self.subscription = nil }
            return self.subscription
        }
        subscription?.cancel()
    }
}

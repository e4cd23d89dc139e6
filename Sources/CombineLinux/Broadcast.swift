import Foundation

/// The subscribers of one publisher and what each still asks for: what the subjects,
/// `ObservableObjectPublisher` and `Published.Publisher` send through. As on Apple platforms a
/// subject may be sent to from any thread; the list of subscribers is locked, and each value is
/// handed to the subscribers outside the lock so a subscriber may send to the subject again.
final class Broadcast<Output, Failure: Error> {
    private let lock = NSRecursiveLock()
    private var conduits: [Conduit<Output, Failure>] = []
    private var completion: Subscribers.Completion<Failure>?

    /// Attaches `subscriber`; `initial`, if any, is sent as soon as it asks (a `@Published`
    /// property's or a `CurrentValueSubject`'s current value). `replaysLatest` keeps the latest
    /// value sent while the subscriber asked for none, instead of dropping it.
    func attach<S: Subscriber>(_ subscriber: S, initial: Output? = nil, replaysLatest: Bool = false)
    where S.Input == Output, S.Failure == Failure {
        let finished: Subscribers.Completion<Failure>? = lock.withLock {
            completion
        }
        if let finished {
            subscriber.receive(subscription: Subscriptions.empty)
            subscriber.receive(completion: finished)
            return
        }
        let conduit = Conduit<Output, Failure>(
            send: { subscriber.receive($0) }, complete: { subscriber.receive(completion: $0) },
            pending: initial, replaysLatest: replaysLatest, owner: self)
        lock.withLock { conduits.append(conduit) }
        subscriber.receive(subscription: conduit)
    }

    func send(_ value: Output) {
        let current = lock.withLock { completion == nil ? conduits : [] }
        for conduit in current { conduit.offer(value) }
    }

    /// Ends every subscription with `completion`; later subscribers receive it at once.
    func complete(_ completion: Subscribers.Completion<Failure>) {
        let current: [Conduit<Output, Failure>] = lock.withLock {
            guard self.completion == nil else { return [] }
            self.completion = completion
            defer { conduits = [] }
            return conduits
        }
        for conduit in current { conduit.finish(completion) }
    }

    var isComplete: Bool { lock.withLock { completion != nil } }

    func detach(_ conduit: Conduit<Output, Failure>) {
        lock.withLock { conduits.removeAll { $0 === conduit } }
    }
}

/// One subscriber's subscription to a `Broadcast`.
final class Conduit<Output, Failure: Error>: Subscription {
    private let lock = NSRecursiveLock()
    private var send: ((Output) -> Subscribers.Demand)?
    private var complete: ((Subscribers.Completion<Failure>) -> Void)?
    private var demand = Subscribers.Demand.none
    private var pending: Output?
    private let replaysLatest: Bool
    private weak var owner: Broadcast<Output, Failure>?

    init(
        send: @escaping (Output) -> Subscribers.Demand,
        complete: @escaping (Subscribers.Completion<Failure>) -> Void, pending: Output?, replaysLatest: Bool,
        owner: Broadcast<Output, Failure>
    ) {
        self.send = send
        self.complete = complete
        self.pending = pending
        self.replaysLatest = replaysLatest
        self.owner = owner
    }

    func request(_ more: Subscribers.Demand) {
        let value: Output? = lock.withLock {
            demand += more
            defer { pending = nil }
            return demand > 0 ? pending : nil
        }
        if let value { offer(value) }
    }

    /// Sends `value` if the subscriber asked for one; otherwise it is dropped, as Apple's
    /// `PassthroughSubject` drops it, or kept as the one to send on the next request (a
    /// `CurrentValueSubject`'s, whose subscriber asks for the value it holds then).
    func offer(_ value: Output) {
        let send: ((Output) -> Subscribers.Demand)? = lock.withLock {
            guard let send = self.send, demand > 0 else {
                if replaysLatest, self.send != nil { pending = value }
                return nil
            }
            demand -= .max(1)
            return send
        }
        guard let send else { return }
        let more = send(value)
        lock.withLock { demand += more }
    }

    func finish(_ completion: Subscribers.Completion<Failure>) {
        let complete = lock.withLock {
            defer {
                send = nil
                self.complete = nil
            }
            return self.complete
        }
        complete?(completion)
    }

    func cancel() {
        lock.withLock {
            send = nil
            complete = nil
        }
        owner?.detach(self)
    }
}

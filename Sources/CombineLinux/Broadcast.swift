/// The subscribers of one publisher and what each still asks for: what `ObservableObjectPublisher`
/// and `Published.Publisher` send through. Like Apple's, it is meant for one thread at a time
/// (usually the main actor's); it is not Sendable.
final class Broadcast<Output, Failure: Error> {
    private var conduits: [Conduit<Output, Failure>] = []

    /// Attaches `subscriber`; `initial`, if any, is sent as soon as it asks (a `@Published`
    /// property's current value).
    func attach<S: Subscriber>(_ subscriber: S, initial: Output? = nil)
    where S.Input == Output, S.Failure == Failure {
        let conduit = Conduit<Output, Failure>(
            send: { subscriber.receive($0) }, pending: initial, owner: self)
        conduits.append(conduit)
        subscriber.receive(subscription: conduit)
    }

    func send(_ value: Output) {
        for conduit in conduits { conduit.offer(value) }
    }

    func detach(_ conduit: Conduit<Output, Failure>) { conduits.removeAll { $0 === conduit } }
}

/// One subscriber's subscription to a `Broadcast` (whose publishers never complete).
final class Conduit<Output, Failure: Error>: Subscription {
    private var send: ((Output) -> Subscribers.Demand)?
    private var demand = Subscribers.Demand.none
    private var pending: Output?
    private weak var owner: Broadcast<Output, Failure>?

    init(
        send: @escaping (Output) -> Subscribers.Demand, pending: Output?, owner: Broadcast<Output, Failure>
    ) {
        self.send = send
        self.pending = pending
        self.owner = owner
    }

    func request(_ more: Subscribers.Demand) {
        demand += more
        if let value = pending, demand > 0 {
            pending = nil
            offer(value)
        }
    }

    /// Sends `value` if the subscriber asked for one (a value it did not ask for is dropped, as
    /// Apple's `PassthroughSubject` drops it).
    func offer(_ value: Output) {
        guard let send, demand > 0 else { return }
        demand -= .max(1)
        demand += send(value)
    }

    func cancel() {
        send = nil
        owner?.detach(self)
    }
}

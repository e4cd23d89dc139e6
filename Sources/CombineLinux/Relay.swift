/// What an operator does with one upstream value: send one (a map), ask for the next instead
/// (a filter that drops it), or end the stream (`first()`; a failed `tryMap`).
enum RelayStep<Output, Failure: Error> {
    case send(Output)
    case skip
    case finish(sending: Output?)
    case fail(Failure)
}

/// The subscriber of the one-to-one operators (`map`, `compactMap`, `filter`,
/// `removeDuplicates`, `dropFirst`, `first`, `mapError`, `replaceError`, `setFailureType`):
/// each upstream value becomes at most one downstream value, and demand passes straight through;
/// a dropped value asks upstream for one more, so a subscriber asking for `.max(1)` still gets one.
final class Relay<Input, UpstreamFailure: Error, Downstream: Subscriber>: Subscriber, Subscription {
    typealias Failure = UpstreamFailure

    private var downstream: Downstream?
    private var upstream: (any Subscription)?
    private let step: (Input) -> RelayStep<Downstream.Input, Downstream.Failure>
    private let ending:
        (Subscribers.Completion<UpstreamFailure>) -> (
            Downstream.Input?, Subscribers.Completion<Downstream.Failure>
        )
    /// What downstream asked for and has not had yet: a value `ending` sends waits for it.
    private var demand = Subscribers.Demand.none
    private var held: (Downstream.Input, Subscribers.Completion<Downstream.Failure>)?

    init(
        _ downstream: Downstream, step: @escaping (Input) -> RelayStep<Downstream.Input, Downstream.Failure>,
        ending:
            @escaping (Subscribers.Completion<UpstreamFailure>) -> (
                Downstream.Input?, Subscribers.Completion<Downstream.Failure>
            )
    ) {
        self.downstream = downstream
        self.step = step
        self.ending = ending
    }

    func receive(subscription: any Subscription) {
        guard upstream == nil, let downstream else { return subscription.cancel() }
        upstream = subscription
        downstream.receive(subscription: self)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        guard let downstream else { return .none }
        switch step(input) {
        case .send(let value):
            demand -= .max(1)
            let more = downstream.receive(value)
            demand += more
            return more
        case .skip: return .max(1)
        case .finish(let value):
            upstream?.cancel()
            upstream = nil
            self.downstream = nil
            if let value { _ = downstream.receive(value) }
            downstream.receive(completion: .finished)
            return .none
        case .fail(let error):
            upstream?.cancel()
            upstream = nil
            self.downstream = nil
            downstream.receive(completion: .failure(error))
            return .none
        }
    }

    func receive(completion: Subscribers.Completion<UpstreamFailure>) {
        guard let downstream else { return }
        upstream = nil
        let (value, completion) = ending(completion)
        if let value, !(demand > 0) {
            held = (value, completion)  // sent when downstream asks
            return
        }
        self.downstream = nil
        if let value { _ = downstream.receive(value) }
        downstream.receive(completion: completion)
    }

    func request(_ more: Subscribers.Demand) {
        demand += more
        if let (value, completion) = held, let downstream, demand > 0 {
            held = nil
            self.downstream = nil
            _ = downstream.receive(value)
            downstream.receive(completion: completion)
            return
        }
        upstream?.request(more)
    }

    func cancel() {
        upstream?.cancel()
        upstream = nil
        downstream = nil
    }
}

extension Relay where UpstreamFailure == Downstream.Failure {
    /// A relay that ends as upstream ends.
    convenience init(
        _ downstream: Downstream, step: @escaping (Input) -> RelayStep<Downstream.Input, Downstream.Failure>
    ) {
        self.init(downstream, step: step, ending: { (nil, $0) })
    }
}

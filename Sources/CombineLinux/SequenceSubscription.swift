/// A subscription that hands out a fixed list of values as they are asked for, then a
/// completion: what `Just`, `Publishers.Sequence` and a `Future` with its result send through.
final class SequenceSubscription<Downstream: Subscriber>: Subscription {
    private var downstream: Downstream?
    private var values: IndexingIterator<[Downstream.Input]>
    private var next: Downstream.Input?
    private let completion: Subscribers.Completion<Downstream.Failure>
    private var demand = Subscribers.Demand.none
    private var delivering = false

    init(
        _ downstream: Downstream, values: [Downstream.Input],
        completion: Subscribers.Completion<Downstream.Failure> = .finished
    ) {
        self.downstream = downstream
        self.values = values.makeIterator()
        next = self.values.next()
        self.completion = completion
    }

    /// Subscribes `downstream`; with no values, the completion comes at once, as Apple's does.
    func start() {
        guard let downstream else { return }
        downstream.receive(subscription: self)
        if next == nil { finish() }
    }

    func request(_ more: Subscribers.Demand) {
        demand += more
        // A value's subscriber may ask for more from inside `receive(_:)`: the loop already
        // running delivers it, rather than a second one nested inside the first.
        guard !delivering else { return }
        delivering = true
        defer { delivering = false }
        while demand > 0, let value = next, let downstream {
            demand -= .max(1)
            next = values.next()
            demand += downstream.receive(value)
            if next == nil { finish() }
        }
    }

    private func finish() {
        let downstream = self.downstream
        self.downstream = nil
        downstream?.receive(completion: completion)
    }

    func cancel() { downstream = nil }
}

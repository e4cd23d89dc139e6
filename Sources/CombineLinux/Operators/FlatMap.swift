import Foundation

extension Publishers {
    /// Apple's `Publishers.FlatMap`: each upstream value becomes a publisher, whose values are
    /// sent on as they come; at most `maxPublishers` run at once. Finished when upstream and
    /// every inner publisher are; failed when any fails.
    public struct FlatMap<NewPublisher: Publisher, Upstream: Publisher>: Publisher
    where NewPublisher.Failure == Upstream.Failure {
        public typealias Output = NewPublisher.Output
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        public let maxPublishers: Subscribers.Demand
        public let transform: (Upstream.Output) -> NewPublisher

        public init(
            upstream: Upstream, maxPublishers: Subscribers.Demand,
            transform: @escaping (Upstream.Output) -> NewPublisher
        ) {
            self.upstream = upstream
            self.maxPublishers = maxPublishers
            self.transform = transform
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let outlet = Outlet(subscriber)
            let state = FlatMapState<NewPublisher.Output, Failure>(outlet: outlet.push, finish: outlet.finish)
            let transform = transform
            let outer = FlatMapOuter<Upstream.Output, Failure>(maxPublishers: maxPublishers)
            outer.handle = { value in state.run(transform(value), onEnd: { outer.requestOne() }) }
            outer.ended = { state.upstreamEnded($0) }
            outlet.onCancel = {
                outer.cancel()
                state.cancel()
            }
            outlet.start()
            upstream.receive(subscriber: outer)
        }
    }
}

/// FlatMap's subscriber to its upstream: asks for `maxPublishers` values, and one more each
/// time an inner publisher ends.
final class FlatMapOuter<Input, Failure: Error>: Subscriber, Cancellable {
    private let maxPublishers: Subscribers.Demand
    private var subscription: (any Subscription)?
    var handle: (Input) -> Void = { _ in }
    var ended: (Subscribers.Completion<Failure>) -> Void = { _ in }

    init(maxPublishers: Subscribers.Demand) { self.maxPublishers = maxPublishers }

    func receive(subscription: any Subscription) {
        guard self.subscription == nil else { return subscription.cancel() }
        self.subscription = subscription
        subscription.request(maxPublishers)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        handle(input)
        return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) { ended(completion) }

    func requestOne() { if maxPublishers != .unlimited { subscription?.request(.max(1)) } }

    func cancel() {
        subscription?.cancel()
        subscription = nil
    }
}

/// The inner publishers FlatMap runs, and whether it is done.
final class FlatMapState<Output, Failure: Error> {
    private let lock = NSRecursiveLock()
    private var inners: [ObjectIdentifier: InnerSink<Output, Failure>] = [:]
    private var upstreamDone = false
    private let outlet: (Output) -> Void
    private let finish: (Subscribers.Completion<Failure>) -> Void

    init(outlet: @escaping (Output) -> Void, finish: @escaping (Subscribers.Completion<Failure>) -> Void) {
        self.outlet = outlet
        self.finish = finish
    }

    func run<P: Publisher>(_ publisher: P, onEnd: @escaping () -> Void)
    where P.Output == Output, P.Failure == Failure {
        var key: ObjectIdentifier?
        let inner = InnerSink<Output, Failure>(
            value: outlet,
            completion: { [weak self] completion in
                guard let self else { return }
                if case .failure = completion { return self.finish(completion) }
                let done: Bool = lock.withLock {
                    if let key { inners[key] = nil }
                    return upstreamDone && inners.isEmpty
                }
                if done { self.finish(.finished) } else { onEnd() }
            })
        key = ObjectIdentifier(inner)
        lock.withLock { inners[ObjectIdentifier(inner)] = inner }
        publisher.receive(subscriber: inner)
    }

    func upstreamEnded(_ completion: Subscribers.Completion<Failure>) {
        if case .failure = completion { return finish(completion) }
        let done: Bool = lock.withLock {
            upstreamDone = true
            return inners.isEmpty
        }
        if done { finish(.finished) }
    }

    func cancel() {
        let running = lock.withLock {
            defer { inners = [:] }
            return Array(inners.values)
        }
        for inner in running { inner.cancel() }
    }
}

extension Publisher {
    /// Apple's `flatMap(maxPublishers:_:)`.
    public func flatMap<T, P: Publisher>(
        maxPublishers: Subscribers.Demand = .unlimited, _ transform: @escaping (Output) -> P
    ) -> Publishers.FlatMap<P, Self> where T == P.Output, P.Failure == Failure {
        Publishers.FlatMap(upstream: self, maxPublishers: maxPublishers, transform: transform)
    }
}

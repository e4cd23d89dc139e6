import Foundation

extension Publishers {
    /// Apple's `Publishers.ReceiveOn`: values and the completion delivered on `scheduler`,
    /// later, as Apple delivers them (`receive(on: DispatchQueue.main)` from a background task
    /// reaches the sink on the main queue, after the sending code went on).
    public struct ReceiveOn<Upstream: Publisher, Context: Scheduler>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        public let scheduler: Context
        public let options: Context.SchedulerOptions?

        public init(upstream: Upstream, scheduler: Context, options: Context.SchedulerOptions?) {
            self.upstream = upstream
            self.scheduler = scheduler
            self.options = options
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.receive(subscriber: Rescheduler(subscriber, scheduler: scheduler, options: options))
        }
    }
}

/// ReceiveOn's subscriber: requests pass straight up; values and completion go through the
/// scheduler, and none is delivered once cancelled. What downstream asks for on receiving a
/// value is requested from upstream afterwards, from the scheduler's side.
final class Rescheduler<Downstream: Subscriber, Context: Scheduler>: Subscriber, Subscription {
    typealias Input = Downstream.Input
    typealias Failure = Downstream.Failure

    private let lock = NSLock()
    private var downstream: Downstream?
    private var upstream: (any Subscription)?
    private let scheduler: Context
    private let options: Context.SchedulerOptions?

    init(_ downstream: Downstream, scheduler: Context, options: Context.SchedulerOptions?) {
        self.downstream = downstream
        self.scheduler = scheduler
        self.options = options
    }

    func receive(subscription: any Subscription) {
        let downstream: Downstream? = lock.withLock {
            guard upstream == nil else { return nil }
            upstream = subscription
            return self.downstream
        }
        guard let downstream else { return subscription.cancel() }
        downstream.receive(subscription: self)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        scheduler.schedule(options: options) { [self] in
            guard let downstream = lock.withLock({ self.downstream }) else { return }
            let more = downstream.receive(input)
            if more > 0 { lock.withLock { upstream }?.request(more) }
        }
        return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        scheduler.schedule(options: options) { [self] in
            let downstream: Downstream? = lock.withLock {
                defer {
                    self.downstream = nil
                    upstream = nil
                }
                return self.downstream
            }
            downstream?.receive(completion: completion)
        }
    }

    func request(_ demand: Subscribers.Demand) { lock.withLock { upstream }?.request(demand) }

    func cancel() {
        let upstream: (any Subscription)? = lock.withLock {
            downstream = nil
            defer { self.upstream = nil }
            return self.upstream
        }
        upstream?.cancel()
    }
}

extension Publisher {
    /// Apple's `receive(on:options:)`.
    public func receive<S: Scheduler>(on scheduler: S, options: S.SchedulerOptions? = nil)
        -> Publishers.ReceiveOn<Self, S>
    {
        Publishers.ReceiveOn(upstream: self, scheduler: scheduler, options: options)
    }
}

import Foundation

extension Publishers {
    /// Apple's `Publishers.Debounce`: a value only once `dueTime` has passed without another,
    /// delivered on `scheduler`. As on Apple platforms, a value still waiting when upstream
    /// finishes is dropped, and the completion is delivered on `scheduler` too.
    public struct Debounce<Upstream: Publisher, Context: Scheduler>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        public let dueTime: Context.SchedulerTimeType.Stride
        public let scheduler: Context
        public let options: Context.SchedulerOptions?

        public init(
            upstream: Upstream, dueTime: Context.SchedulerTimeType.Stride, scheduler: Context,
            options: Context.SchedulerOptions?
        ) {
            self.upstream = upstream
            self.dueTime = dueTime
            self.scheduler = scheduler
            self.options = options
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.receive(subscriber: Debouncer(subscriber, debounce: self))
        }
    }
}

/// Debounce's subscriber: each value replaces the waiting one and restarts the wait; when a
/// wait ends with no newer value, the value goes downstream if it asked for one.
final class Debouncer<Upstream: Publisher, Context: Scheduler, Downstream: Subscriber>: Subscriber,
    Subscription
where Downstream.Input == Upstream.Output, Downstream.Failure == Upstream.Failure {
    typealias Input = Upstream.Output
    typealias Failure = Upstream.Failure

    private let lock = NSLock()
    private var downstream: Downstream?
    private var upstream: (any Subscription)?
    private let debounce: Publishers.Debounce<Upstream, Context>
    private var demand = Subscribers.Demand.none
    /// Counts values, so a wait that ends after a newer value arrived sends nothing.
    private var generation = 0

    init(_ downstream: Downstream, debounce: Publishers.Debounce<Upstream, Context>) {
        self.downstream = downstream
        self.debounce = debounce
    }

    func receive(subscription: any Subscription) {
        guard lock.withLock({ upstream == nil }), let downstream else { return subscription.cancel() }
        lock.withLock { upstream = subscription }
        downstream.receive(subscription: self)
        subscription.request(.unlimited)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        let current: Int = lock.withLock {
            generation += 1
            return generation
        }
        let scheduler = debounce.scheduler
        scheduler.schedule(
            after: scheduler.now.advanced(by: debounce.dueTime), tolerance: scheduler.minimumTolerance,
            options: debounce.options
        ) { [self] in
            let target: Downstream? = lock.withLock {
                guard generation == current, let downstream, demand > 0 else { return nil }
                demand -= .max(1)
                return downstream
            }
            guard let target else { return }
            let more = target.receive(input)
            lock.withLock { demand += more }
        }
        return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        debounce.scheduler.schedule(options: debounce.options) { [self] in
            let target: Downstream? = lock.withLock {
                generation += 1
                defer {
                    downstream = nil
                    upstream = nil
                }
                return downstream
            }
            target?.receive(completion: completion)
        }
    }

    func request(_ more: Subscribers.Demand) { lock.withLock { demand += more } }

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
    /// Apple's `debounce(for:scheduler:options:)`.
    public func debounce<S: Scheduler>(
        for dueTime: S.SchedulerTimeType.Stride, scheduler: S, options: S.SchedulerOptions? = nil
    ) -> Publishers.Debounce<Self, S> {
        Publishers.Debounce(upstream: self, dueTime: dueTime, scheduler: scheduler, options: options)
    }
}

import Foundation

/// Apple's `final class Future<Output, Failure>`: runs its closure once, at once, and sends the
/// one result it promises (a value then finished, or the error) to every subscriber, whenever it
/// subscribes. The promise may be kept on any thread.
public final class Future<Output, Failure: Error>: Publisher {
    /// Apple's `Future.Promise`: what the closure calls with its result.
    public typealias Promise = (Result<Output, Failure>) -> Void

    private let lock = NSLock()
    private var result: Result<Output, Failure>?
    private var waiting: [(Result<Output, Failure>) -> Void] = []

    public init(_ attemptToFulfill: @escaping (@escaping Promise) -> Void) {
        attemptToFulfill { [self] result in fulfill(result) }
    }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        let subscription = Promised(subscriber)
        subscriber.receive(subscription: subscription)
        let known: Result<Output, Failure>? = lock.withLock {
            if result == nil { waiting.append(subscription.resolve) }
            return result
        }
        if let known { subscription.resolve(known) }
    }

    private func fulfill(_ result: Result<Output, Failure>) {
        let waiting: [(Result<Output, Failure>) -> Void] = lock.withLock {
            guard self.result == nil else { return [] }  // a promise is kept once
            self.result = result
            defer { self.waiting = [] }
            return self.waiting
        }
        for deliver in waiting { deliver(result) }
    }
}

/// One subscriber's subscription to a `Future`: sends the result once it is known and asked for.
private final class Promised<Downstream: Subscriber>: Subscription {
    private let lock = NSLock()
    private var downstream: Downstream?
    private var result: Result<Downstream.Input, Downstream.Failure>?
    private var requested = false

    init(_ downstream: Downstream) { self.downstream = downstream }

    func resolve(_ result: Result<Downstream.Input, Downstream.Failure>) {
        lock.withLock { self.result = result }
        deliverIfReady()
    }

    func request(_ demand: Subscribers.Demand) {
        guard demand > 0 else { return }
        lock.withLock { requested = true }
        deliverIfReady()
    }

    func cancel() { lock.withLock { downstream = nil } }

    private func deliverIfReady() {
        let ready: (Downstream, Result<Downstream.Input, Downstream.Failure>)? = lock.withLock {
            // An error needs no demand: Apple's Future sends it as soon as it is known.
            guard let result, let downstream else { return nil }
            if case .success = result, !requested { return nil }
            self.downstream = nil
            return (downstream, result)
        }
        guard let (downstream, result) = ready else { return }
        switch result {
        case .success(let value):
            _ = downstream.receive(value)
            downstream.receive(completion: .finished)
        case .failure(let error): downstream.receive(completion: .failure(error))
        }
    }
}

import Foundation

extension Publishers {
    /// Apple's `Publishers.CombineLatest`: once both have sent a value, the latest of each
    /// whenever either sends; finished when both are, failed when either fails.
    public struct CombineLatest<A: Publisher, B: Publisher>: Publisher where A.Failure == B.Failure {
        public typealias Output = (A.Output, B.Output)
        public typealias Failure = A.Failure

        public let a: A
        public let b: B

        public init(_ a: A, _ b: B) {
            self.a = a
            self.b = b
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let outlet = Outlet(subscriber)
            let lock = NSLock()
            var latestA: A.Output?
            var latestB: B.Output?
            var running = 2
            let completion: (Subscribers.Completion<Failure>) -> Void = { completion in
                if case .failure = completion { return outlet.finish(completion) }
                if lock.withLock({
                    running -= 1
                    return running == 0
                }) {
                    outlet.finish(.finished)
                }
            }
            let first = InnerSink<A.Output, Failure>(
                value: { value in
                    let pair: Output? = lock.withLock {
                        latestA = value
                        return latestB.map { (value, $0) }
                    }
                    if let pair { outlet.push(pair) }
                }, completion: completion)
            let second = InnerSink<B.Output, Failure>(
                value: { value in
                    let pair: Output? = lock.withLock {
                        latestB = value
                        return latestA.map { ($0, value) }
                    }
                    if let pair { outlet.push(pair) }
                }, completion: completion)
            outlet.onCancel = {
                first.cancel()
                second.cancel()
            }
            outlet.start()
            a.receive(subscriber: first)
            b.receive(subscriber: second)
        }
    }
}

extension Publisher {
    /// Apple's `combineLatest(_:)`.
    public func combineLatest<P: Publisher>(_ other: P) -> Publishers.CombineLatest<Self, P>
    where P.Failure == Failure {
        Publishers.CombineLatest(self, other)
    }

    /// Apple's `combineLatest(_:_:)`: the pair transformed.
    public func combineLatest<P: Publisher, T>(
        _ other: P, _ transform: @escaping (Output, P.Output) -> T
    ) -> Publishers.Map<Publishers.CombineLatest<Self, P>, T> where P.Failure == Failure {
        Publishers.CombineLatest(self, other).map(transform)
    }
}

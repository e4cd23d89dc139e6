extension Publishers {
    /// Apple's `Publishers.First`: the first value, then finished.
    public struct First<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream

        public init(upstream: Upstream) { self.upstream = upstream }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.receive(subscriber: Relay(subscriber) { .finish(sending: $0) })
        }
    }

    /// Apple's `Publishers.FirstWhere`: the first value `predicate` accepts, then finished.
    public struct FirstWhere<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        public let predicate: (Output) -> Bool

        public init(upstream: Upstream, predicate: @escaping (Output) -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let predicate = predicate
            upstream.receive(subscriber: Relay(subscriber) { predicate($0) ? .finish(sending: $0) : .skip })
        }
    }
}

extension Publisher {
    /// Apple's `first()`.
    public func first() -> Publishers.First<Self> { Publishers.First(upstream: self) }

    /// Apple's `first(where:)`.
    public func first(where predicate: @escaping (Output) -> Bool) -> Publishers.FirstWhere<Self> {
        Publishers.FirstWhere(upstream: self, predicate: predicate)
    }
}

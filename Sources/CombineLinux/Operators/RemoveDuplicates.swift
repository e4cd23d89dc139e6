extension Publishers {
    /// Apple's `Publishers.RemoveDuplicates`: a value only when it differs from the one before.
    public struct RemoveDuplicates<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        public let predicate: (Output, Output) -> Bool

        public init(upstream: Upstream, predicate: @escaping (Output, Output) -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let predicate = predicate
            // Each subscriber compares with the last value it was sent.
            var previous: Output?
            upstream.receive(
                subscriber: Relay(subscriber) { value in
                    if let previous, predicate(previous, value) { return .skip }
                    previous = value
                    return .send(value)
                })
        }
    }
}

extension Publisher where Output: Equatable {
    /// Apple's `removeDuplicates()`.
    public func removeDuplicates() -> Publishers.RemoveDuplicates<Self> {
        Publishers.RemoveDuplicates(upstream: self, predicate: ==)
    }
}

extension Publisher {
    /// Apple's `removeDuplicates(by:)`: `predicate` says two values are duplicates.
    public func removeDuplicates(by predicate: @escaping (Output, Output) -> Bool)
        -> Publishers.RemoveDuplicates<Self>
    {
        Publishers.RemoveDuplicates(upstream: self, predicate: predicate)
    }
}

extension Publishers {
    /// Apple's `Publishers.Concatenate`: every value of `prefix`, then, once it finishes, every
    /// value of `suffix`. What `prepend` and `append` return.
    public struct Concatenate<Prefix: Publisher, Suffix: Publisher>: Publisher
    where Prefix.Output == Suffix.Output, Prefix.Failure == Suffix.Failure {
        public typealias Output = Suffix.Output
        public typealias Failure = Suffix.Failure

        public let prefix: Prefix
        public let suffix: Suffix

        public init(prefix: Prefix, suffix: Suffix) {
            self.prefix = prefix
            self.suffix = suffix
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let outlet = Outlet(subscriber)
            let suffix = suffix
            let second = InnerSink<Output, Failure>(value: outlet.push, completion: outlet.finish)
            let first = InnerSink<Output, Failure>(
                value: outlet.push,
                completion: { completion in
                    switch completion {
                    case .finished: suffix.receive(subscriber: second)
                    case .failure: outlet.finish(completion)
                    }
                })
            outlet.onCancel = {
                first.cancel()
                second.cancel()
            }
            outlet.start()
            prefix.receive(subscriber: first)
        }
    }
}

extension Publisher {
    /// Apple's `prepend(_:)`: these values first.
    public func prepend(_ elements: Output...)
        -> Publishers.Concatenate<Publishers.Sequence<[Output], Failure>, Self>
    {
        Publishers.Concatenate(prefix: Publishers.Sequence(sequence: elements), suffix: self)
    }

    /// Apple's `prepend(_:)` with a sequence.
    public func prepend<S: Sequence>(_ elements: S)
        -> Publishers.Concatenate<Publishers.Sequence<S, Failure>, Self>
    where S.Element == Output {
        Publishers.Concatenate(prefix: Publishers.Sequence(sequence: elements), suffix: self)
    }

    /// Apple's `prepend(_:)` with a publisher: its values first.
    public func prepend<P: Publisher>(_ publisher: P) -> Publishers.Concatenate<P, Self>
    where P.Output == Output, P.Failure == Failure {
        Publishers.Concatenate(prefix: publisher, suffix: self)
    }

    /// Apple's `append(_:)`: these values after this publisher finishes.
    public func append(_ elements: Output...)
        -> Publishers.Concatenate<Self, Publishers.Sequence<[Output], Failure>>
    {
        Publishers.Concatenate(prefix: self, suffix: Publishers.Sequence(sequence: elements))
    }

    /// Apple's `append(_:)` with a publisher.
    public func append<P: Publisher>(_ publisher: P) -> Publishers.Concatenate<Self, P>
    where P.Output == Output, P.Failure == Failure {
        Publishers.Concatenate(prefix: self, suffix: publisher)
    }
}

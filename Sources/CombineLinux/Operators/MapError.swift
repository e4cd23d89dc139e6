extension Publishers {
    /// Apple's `Publishers.MapError`: the failure transformed.
    public struct MapError<Upstream: Publisher, Failure: Error>: Publisher {
        public typealias Output = Upstream.Output

        public let upstream: Upstream
        public let transform: (Upstream.Failure) -> Failure

        public init(upstream: Upstream, transform: @escaping (Upstream.Failure) -> Failure) {
            self.upstream = upstream
            self.transform = transform
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let transform = transform
            let relay = Relay<Output, Upstream.Failure, S>(
                subscriber, step: { .send($0) },
                ending: { completion in
                    switch completion {
                    case .finished: (nil, .finished)
                    case .failure(let error): (nil, .failure(transform(error)))
                    }
                })
            upstream.receive(subscriber: relay)
        }
    }

    /// Apple's `Publishers.ReplaceError`: a failure becomes one last value, then finished.
    public struct ReplaceError<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Never

        public let upstream: Upstream
        public let output: Output

        public init(upstream: Upstream, output: Output) {
            self.upstream = upstream
            self.output = output
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Never {
            let output = output
            let relay = Relay<Output, Upstream.Failure, S>(
                subscriber, step: { .send($0) },
                ending: { completion in
                    switch completion {
                    case .finished: (nil, .finished)
                    case .failure: (output, .finished)
                    }
                })
            upstream.receive(subscriber: relay)
        }
    }

    /// Apple's `Publishers.SetFailureType`: a publisher that cannot fail, typed as one that can
    /// (to combine with a failing one).
    public struct SetFailureType<Upstream: Publisher, Failure: Error>: Publisher
    where Upstream.Failure == Never {
        public typealias Output = Upstream.Output

        public let upstream: Upstream

        public init(upstream: Upstream) { self.upstream = upstream }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let relay = Relay<Output, Never, S>(
                subscriber, step: { .send($0) }, ending: { _ in (nil, .finished) })
            upstream.receive(subscriber: relay)
        }
    }
}

extension Publisher {
    /// Apple's `mapError(_:)`.
    public func mapError<E: Error>(_ transform: @escaping (Failure) -> E) -> Publishers.MapError<Self, E> {
        Publishers.MapError(upstream: self, transform: transform)
    }

    /// Apple's `replaceError(with:)`.
    public func replaceError(with output: Output) -> Publishers.ReplaceError<Self> {
        Publishers.ReplaceError(upstream: self, output: output)
    }
}

extension Publisher where Failure == Never {
    /// Apple's `setFailureType(to:)`.
    public func setFailureType<E: Error>(to failureType: E.Type) -> Publishers.SetFailureType<Self, E> {
        Publishers.SetFailureType(upstream: self)
    }
}

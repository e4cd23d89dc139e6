extension Publishers {
    /// Apple's `Publishers.Map`: each value transformed.
    public struct Map<Upstream: Publisher, Output>: Publisher {
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        public let transform: (Upstream.Output) -> Output

        public init(upstream: Upstream, transform: @escaping (Upstream.Output) -> Output) {
            self.upstream = upstream
            self.transform = transform
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let transform = transform
            upstream.receive(subscriber: Relay(subscriber) { .send(transform($0)) })
        }
    }

    /// Apple's `Publishers.TryMap`: each value transformed by a closure that may throw, which
    /// ends the stream with its error.
    public struct TryMap<Upstream: Publisher, Output>: Publisher {
        public typealias Failure = any Error

        public let upstream: Upstream
        public let transform: (Upstream.Output) throws -> Output

        public init(upstream: Upstream, transform: @escaping (Upstream.Output) throws -> Output) {
            self.upstream = upstream
            self.transform = transform
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == any Error {
            let transform = transform
            let relay = Relay<Upstream.Output, Upstream.Failure, S>(
                subscriber,
                step: { value in
                    do { return .send(try transform(value)) } catch { return .fail(error) }
                },
                ending: { completion in
                    switch completion {
                    case .finished: (nil, .finished)
                    case .failure(let error): (nil, .failure(error))
                    }
                })
            upstream.receive(subscriber: relay)
        }
    }
}

extension Publisher {
    /// Apple's `map(_:)`.
    public func map<T>(_ transform: @escaping (Output) -> T) -> Publishers.Map<Self, T> {
        Publishers.Map(upstream: self, transform: transform)
    }

    /// Apple's `tryMap(_:)`.
    public func tryMap<T>(_ transform: @escaping (Output) throws -> T) -> Publishers.TryMap<Self, T> {
        Publishers.TryMap(upstream: self, transform: transform)
    }

    /// Apple's `map(_:)` with a key path (`$product.map(\.displayName)`).
    public func map<T>(_ keyPath: KeyPath<Output, T>) -> Publishers.Map<Self, T> {
        Publishers.Map(upstream: self) { $0[keyPath: keyPath] }
    }
}

extension Publishers {
    /// Apple's `Publishers.Catch`: on failure, the values of the publisher `handler` makes from
    /// the error.
    public struct Catch<Upstream: Publisher, NewPublisher: Publisher>: Publisher
    where Upstream.Output == NewPublisher.Output {
        public typealias Output = Upstream.Output
        public typealias Failure = NewPublisher.Failure

        public let upstream: Upstream
        public let handler: (Upstream.Failure) -> NewPublisher

        public init(upstream: Upstream, handler: @escaping (Upstream.Failure) -> NewPublisher) {
            self.upstream = upstream
            self.handler = handler
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let outlet = Outlet(subscriber)
            let handler = handler
            var replacement: InnerSink<Output, Failure>?
            let first = InnerSink<Output, Upstream.Failure>(
                value: outlet.push,
                completion: { completion in
                    switch completion {
                    case .finished: outlet.finish(.finished)
                    case .failure(let error):
                        let inner = InnerSink<Output, Failure>(value: outlet.push, completion: outlet.finish)
                        replacement = inner
                        handler(error).receive(subscriber: inner)
                    }
                })
            outlet.onCancel = {
                first.cancel()
                replacement?.cancel()
            }
            outlet.start()
            upstream.receive(subscriber: first)
        }
    }
}

extension Publisher {
    /// Apple's `catch(_:)`.
    public func `catch`<P: Publisher>(_ handler: @escaping (Failure) -> P) -> Publishers.Catch<Self, P>
    where P.Output == Output {
        Publishers.Catch(upstream: self, handler: handler)
    }
}

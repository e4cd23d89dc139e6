extension Publishers {
    /// Apple's `Publishers.Drop`: all but the first `count` values.
    public struct Drop<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        public let count: Int

        public init(upstream: Upstream, count: Int) {
            self.upstream = upstream
            self.count = count
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            var remaining = count
            upstream.receive(
                subscriber: Relay(subscriber) { value in
                    guard remaining > 0 else { return .send(value) }
                    remaining -= 1
                    return .skip
                })
        }
    }
}

extension Publisher {
    /// Apple's `dropFirst(_:)`: the `$property` publisher's current value is the one dropped
    /// by `dropFirst()`, leaving only changes.
    public func dropFirst(_ count: Int = 1) -> Publishers.Drop<Self> {
        Publishers.Drop(upstream: self, count: count)
    }
}

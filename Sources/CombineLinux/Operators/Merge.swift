import Foundation

extension Publishers {
    /// Apple's `Publishers.Merge`: the values of two publishers of one type, as they come;
    /// finished when both are, failed when either fails.
    public struct Merge<A: Publisher, B: Publisher>: Publisher
    where A.Output == B.Output, A.Failure == B.Failure {
        public typealias Output = A.Output
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
            let first = InnerSink<Output, Failure>(value: outlet.push, completion: completion)
            let second = InnerSink<Output, Failure>(value: outlet.push, completion: completion)
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
    /// Apple's `merge(with:)`.
    public func merge<P: Publisher>(with other: P) -> Publishers.Merge<Self, P>
    where P.Output == Output, P.Failure == Failure {
        Publishers.Merge(self, other)
    }
}

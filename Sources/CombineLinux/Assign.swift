extension Subscribers {
    /// Apple's `Subscribers.Assign`: writes each value to a property of an object, which it
    /// keeps until cancelled (as Apple's does, so `assign(to: \.x, on: self)` kept by `self`
    /// is a retain cycle there too; `assign(to: &$x)` is the form without one).
    public final class Assign<Root, Input>: Subscriber, Cancellable {
        public typealias Failure = Never

        public private(set) var object: Root?
        public let keyPath: ReferenceWritableKeyPath<Root, Input>
        private var subscription: (any Subscription)?

        public init(object: Root, keyPath: ReferenceWritableKeyPath<Root, Input>) {
            self.object = object
            self.keyPath = keyPath
        }

        public func receive(subscription: any Subscription) {
            guard self.subscription == nil, object != nil else { return subscription.cancel() }
            self.subscription = subscription
            subscription.request(.unlimited)
        }

        public func receive(_ value: Input) -> Subscribers.Demand {
            object?[keyPath: keyPath] = value
            return .none
        }

        public func receive(completion: Subscribers.Completion<Never>) {
            object = nil
            subscription = nil
        }

        public func cancel() {
            object = nil
            let subscription = subscription
            self.subscription = nil
            subscription?.cancel()
        }
    }
}

extension Publisher where Failure == Never {
    /// Apple's `assign(to:on:)`.
    public func assign<Root>(to keyPath: ReferenceWritableKeyPath<Root, Output>, on object: Root)
        -> AnyCancellable
    {
        let assign = Subscribers.Assign(object: object, keyPath: keyPath)
        receive(subscriber: assign)
        return AnyCancellable(assign)
    }

    /// Apple's `assign(to:)`: each value becomes the `@Published` property's, announced to its
    /// object's `objectWillChange` as a set would be; the subscription lasts as long as the property.
    public func assign(to published: inout Published<Output>.Publisher) {
        published.assign(from: self)
    }
}

/// Apple's `protocol Subject<Output, Failure>`: a publisher that code sends values into.
public protocol Subject<Output, Failure>: AnyObject, Publisher {
    /// Sends `value` to every subscriber that asked for one.
    func send(_ value: Output)
    /// Ends every subscription; later subscribers receive `completion` at once.
    func send(completion: Subscribers.Completion<Failure>)
    /// Hands `subscription` to the subject when it subscribes to a publisher.
    func send(subscription: any Subscription)
}

extension Subject where Output == Void {
    /// Apple's `send()`, for subjects of `Void`.
    public func send() { send(()) }
}

extension Publisher {
    /// Apple's `subscribe(_:)` for a subject: its values and completion are sent into `subject`;
    /// cancelling the returned cancellable ends that.
    public func subscribe<S: Subject>(_ subject: S) -> AnyCancellable
    where S.Output == Output, S.Failure == Failure {
        let sink = Subscribers.Sink<Output, Failure>(
            receiveCompletion: { subject.send(completion: $0) }, receiveValue: { subject.send($0) })
        receive(subscriber: sink)
        return AnyCancellable(sink)
    }
}

extension Publisher {
    /// Apple's `subscribe(_:)`: attaches `subscriber`, as `receive(subscriber:)` does.
    public func subscribe<S: Subscriber>(_ subscriber: S) where S.Input == Output, S.Failure == Failure {
        receive(subscriber: subscriber)
    }
}

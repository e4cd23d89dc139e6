/// Apple's `final class PassthroughSubject<Output, Failure>`: sends each value to the subscribers
/// that asked for one and keeps none (a value sent before anyone subscribes is lost).
public final class PassthroughSubject<Output, Failure: Error>: Subject {
    private let broadcast = Broadcast<Output, Failure>()

    public init() {}

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        broadcast.attach(subscriber)
    }

    public func send(_ input: Output) { broadcast.send(input) }
    public func send(completion: Subscribers.Completion<Failure>) { broadcast.complete(completion) }
    public func send(subscription: any Subscription) { subscription.request(.unlimited) }
}

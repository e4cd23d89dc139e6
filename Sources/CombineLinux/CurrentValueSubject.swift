import Foundation

/// Apple's `final class CurrentValueSubject<Output, Failure>`: holds a value, sends it to each
/// new subscriber, and sends each new one (setting `value` sends it too).
public final class CurrentValueSubject<Output, Failure: Error>: Subject {
    private let broadcast = Broadcast<Output, Failure>()
    private let lock = NSRecursiveLock()
    private var current: Output

    public init(_ value: Output) { current = value }

    /// The latest value; setting it sends it to the subscribers.
    public var value: Output {
        get { lock.withLock { current } }
        set { send(newValue) }
    }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        broadcast.attach(subscriber, initial: value, replaysLatest: true)
    }

    /// Stores `input` and sends it; after completion, neither happens (as on Apple platforms).
    public func send(_ input: Output) {
        guard !broadcast.isComplete else { return }
        lock.withLock { current = input }
        broadcast.send(input)
    }

    public func send(completion: Subscribers.Completion<Failure>) { broadcast.complete(completion) }
    public func send(subscription: any Subscription) { subscription.request(.unlimited) }
}

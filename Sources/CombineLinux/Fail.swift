/// Apple's `struct Fail<Output, Failure>`: no value, and the error at once.
public struct Fail<Output, Failure: Error>: Publisher {
    /// The error it ends with.
    public let error: Failure

    public init(error: Failure) { self.error = error }

    /// Apple's `init(outputType:failure:)`.
    public init(outputType: Output.Type, failure: Failure) { error = failure }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        subscriber.receive(subscription: Subscriptions.empty)
        subscriber.receive(completion: .failure(error))
    }
}

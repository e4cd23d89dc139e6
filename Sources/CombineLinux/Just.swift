/// Apple's `struct Just<Output>`: one value, then finished.
public struct Just<Output>: Publisher {
    public typealias Failure = Never

    /// The value it sends.
    public let output: Output

    public init(_ output: Output) { self.output = output }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Never {
        SequenceSubscription(subscriber, values: [output]).start()
    }
}

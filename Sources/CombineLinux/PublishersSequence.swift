extension Publishers {
    /// Apple's `Publishers.Sequence`: each element of a sequence as it is asked for, then finished.
    public struct Sequence<Elements: Swift.Sequence, Failure: Error>: Publisher {
        public typealias Output = Elements.Element

        public let sequence: Elements

        public init(sequence: Elements) { self.sequence = sequence }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            SequenceSubscription(subscriber, values: Array(sequence)).start()
        }
    }
}

extension Sequence {
    /// Apple's `publisher`: the elements as a publisher that never fails.
    public var publisher: Publishers.Sequence<Self, Never> { Publishers.Sequence(sequence: self) }
}

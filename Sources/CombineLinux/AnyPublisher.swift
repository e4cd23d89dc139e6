/// Apple's `struct AnyPublisher<Output, Failure>`: a publisher whose type is hidden, so a
/// manager can expose `AnyPublisher<[Product], Never>` and keep its subject private.
public struct AnyPublisher<Output, Failure: Error>: Publisher, CustomStringConvertible {
    private let box: PublisherBox<Output, Failure>

    /// Apple's `init(_:)`: wraps `publisher`.
    public init<P: Publisher>(_ publisher: P) where P.Output == Output, P.Failure == Failure {
        if let erased = publisher as? AnyPublisher<Output, Failure> {
            box = erased.box
        } else {
            box = ConcretePublisherBox(publisher)
        }
    }

    public var description: String { "AnyPublisher" }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        box.receive(subscriber: subscriber)
    }
}

extension Publisher {
    /// Apple's `eraseToAnyPublisher()`.
    public func eraseToAnyPublisher() -> AnyPublisher<Output, Failure> { AnyPublisher(self) }
}

/// The wrapped publisher, behind a class whose generic method the concrete subclass overrides.
class PublisherBox<Output, Failure: Error> {
    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        fatalError("overridden by ConcretePublisherBox")
    }
}

final class ConcretePublisherBox<Base: Publisher>: PublisherBox<Base.Output, Base.Failure> {
    let base: Base
    init(_ base: Base) { self.base = base }

    override func receive<S: Subscriber>(subscriber: S)
    where S.Input == Base.Output, S.Failure == Base.Failure {
        base.receive(subscriber: subscriber)
    }
}

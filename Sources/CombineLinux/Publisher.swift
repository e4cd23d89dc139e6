// Combine by its own name on Linux (issue 33): the subset purchase managers use. Declarations
// follow Apple's Combine (developer.apple.com/documentation/combine); only what such files
// need is here, and a name Kiosk does not offer fails to compile rather than misbehave.

/// Apple's `protocol Publisher<Output, Failure>`: something that delivers values to subscribers.
public protocol Publisher<Output, Failure> {
    associatedtype Output
    associatedtype Failure: Error

    /// Attaches `subscriber`: it receives a subscription, then values as it asks for them.
    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure
}

/// Apple's `protocol Subscriber<Input, Failure>`.
public protocol Subscriber<Input, Failure>: CustomCombineIdentifierConvertible {
    associatedtype Input
    associatedtype Failure: Error

    func receive(subscription: any Subscription)
    func receive(_ input: Input) -> Subscribers.Demand
    func receive(completion: Subscribers.Completion<Failure>)
}

/// Apple's `protocol CustomCombineIdentifierConvertible`.
public protocol CustomCombineIdentifierConvertible {
    var combineIdentifier: CombineIdentifier { get }
}

extension CustomCombineIdentifierConvertible where Self: AnyObject {
    public var combineIdentifier: CombineIdentifier { CombineIdentifier(self) }
}

/// Apple's `struct CombineIdentifier`: a unique identity for a subscriber or subscription.
public struct CombineIdentifier: Hashable, CustomStringConvertible {
    private let value: ObjectIdentifier
    public init(_ object: AnyObject) { value = ObjectIdentifier(object) }
    public var description: String { "\(value)" }
}

/// Apple's `protocol Subscription`: a subscriber's connection to a publisher.
public protocol Subscription: Cancellable, CustomCombineIdentifierConvertible {
    func request(_ demand: Subscribers.Demand)
}

/// Apple's `protocol Cancellable`.
public protocol Cancellable {
    func cancel()
}

/// Apple's `enum Subscribers`: the subscribers' namespace.
public enum Subscribers {
    /// Apple's `Subscribers.Completion`: a publisher ended, successfully or with an error.
    public enum Completion<Failure: Error> {
        case finished
        case failure(Failure)
    }

    /// Apple's `Subscribers.Demand`: how many more values a subscriber wants.
    public struct Demand: Equatable, Hashable, Sendable, CustomStringConvertible {
        /// nil is unlimited.
        let count: Int?

        public static let unlimited = Demand(count: nil)
        public static let none = Demand(count: 0)
        public static func max(_ value: Int) -> Demand {
            precondition(value >= 0, "a demand cannot be negative")
            return Demand(count: value)
        }

        public var max: Int? { count }

        public static func + (lhs: Demand, rhs: Demand) -> Demand {
            guard let left = lhs.count, let right = rhs.count else { return .unlimited }
            let (sum, overflow) = left.addingReportingOverflow(right)
            return overflow ? .unlimited : Demand(count: sum)
        }

        public static func += (lhs: inout Demand, rhs: Demand) { lhs = lhs + rhs }

        public static func - (lhs: Demand, rhs: Demand) -> Demand {
            guard let left = lhs.count else { return .unlimited }
            guard let right = rhs.count else { return .none }
            return Demand(count: Swift.max(0, left - right))
        }

        public static func -= (lhs: inout Demand, rhs: Demand) { lhs = lhs - rhs }

        public static func > (lhs: Demand, rhs: Int) -> Bool {
            guard let count = lhs.count else { return true }
            return count > rhs
        }

        public var description: String { count.map { "max(\($0))" } ?? "unlimited" }
    }
}

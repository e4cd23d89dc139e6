extension Publishers {
    /// Apple's `Publishers.HandleEvents`: closures called as the subscription's events pass,
    /// the values themselves unchanged.
    public struct HandleEvents<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        public var receiveSubscription: ((any Subscription) -> Void)?
        public var receiveOutput: ((Output) -> Void)?
        public var receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)?
        public var receiveCancel: (() -> Void)?
        public var receiveRequest: ((Subscribers.Demand) -> Void)?

        public init(
            upstream: Upstream, receiveSubscription: ((any Subscription) -> Void)? = nil,
            receiveOutput: ((Output) -> Void)? = nil,
            receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)? = nil,
            receiveCancel: (() -> Void)? = nil, receiveRequest: ((Subscribers.Demand) -> Void)? = nil
        ) {
            self.upstream = upstream
            self.receiveSubscription = receiveSubscription
            self.receiveOutput = receiveOutput
            self.receiveCompletion = receiveCompletion
            self.receiveCancel = receiveCancel
            self.receiveRequest = receiveRequest
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.receive(subscriber: EventHandler(subscriber, events: self))
        }
    }
}

/// HandleEvents' subscriber: calls each closure, then passes the event on.
final class EventHandler<Upstream: Publisher, Downstream: Subscriber>: Subscriber, Subscription
where Downstream.Input == Upstream.Output, Downstream.Failure == Upstream.Failure {
    private var downstream: Downstream?
    private var upstream: (any Subscription)?
    private let events: Publishers.HandleEvents<Upstream>

    init(_ downstream: Downstream, events: Publishers.HandleEvents<Upstream>) {
        self.downstream = downstream
        self.events = events
    }

    func receive(subscription: any Subscription) {
        guard upstream == nil, let downstream else { return subscription.cancel() }
        upstream = subscription
        events.receiveSubscription?(subscription)
        downstream.receive(subscription: self)
    }

    func receive(_ input: Upstream.Output) -> Subscribers.Demand {
        guard let downstream else { return .none }
        events.receiveOutput?(input)
        let more = downstream.receive(input)
        if more > 0 { events.receiveRequest?(more) }
        return more
    }

    func receive(completion: Subscribers.Completion<Upstream.Failure>) {
        guard let downstream else { return }
        self.downstream = nil
        upstream = nil
        events.receiveCompletion?(completion)
        downstream.receive(completion: completion)
    }

    func request(_ demand: Subscribers.Demand) {
        events.receiveRequest?(demand)
        upstream?.request(demand)
    }

    func cancel() {
        guard downstream != nil else { return }
        events.receiveCancel?()
        downstream = nil
        upstream?.cancel()
        upstream = nil
    }
}

extension Publisher {
    /// Apple's `handleEvents(receiveSubscription:receiveOutput:receiveCompletion:receiveCancel:receiveRequest:)`.
    public func handleEvents(
        receiveSubscription: ((any Subscription) -> Void)? = nil, receiveOutput: ((Output) -> Void)? = nil,
        receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)? = nil,
        receiveCancel: (() -> Void)? = nil,
        receiveRequest: ((Subscribers.Demand) -> Void)? = nil
    ) -> Publishers.HandleEvents<Self> {
        Publishers.HandleEvents(
            upstream: self, receiveSubscription: receiveSubscription, receiveOutput: receiveOutput,
            receiveCompletion: receiveCompletion, receiveCancel: receiveCancel, receiveRequest: receiveRequest
        )
    }
}

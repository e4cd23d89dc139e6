#if os(Linux)
    import Combine

    /// A subscriber that asks for a set number of values and records what it gets: what shows
    /// whether a publisher honours demand.
    final class DemandProbe<Input, Failure: Error>: Subscriber {
        private(set) var values: [Input] = []
        private(set) var completions: [Subscribers.Completion<Failure>] = []
        private(set) var subscription: (any Subscription)?
        private let initial: Subscribers.Demand

        init(asking initial: Subscribers.Demand) { self.initial = initial }

        func receive(subscription: any Subscription) {
            self.subscription = subscription
            subscription.request(initial)
        }

        func receive(_ input: Input) -> Subscribers.Demand {
            values.append(input)
            return .none
        }

        func receive(completion: Subscribers.Completion<Failure>) { completions.append(completion) }

        var finished: Bool {
            guard completions.count == 1, case .finished = completions[0] else { return false }
            return true
        }
    }
#endif

/// Apple's `enum Subscriptions`: the subscriptions' namespace.
public enum Subscriptions {
    /// Apple's `Subscriptions.empty`: a subscription that ignores requests and cancellation,
    /// for a publisher that completes at once.
    public static var empty: any Subscription { EmptySubscription() }
}

/// What `Subscriptions.empty` returns.
private final class EmptySubscription: Subscription {
    func request(_ demand: Subscribers.Demand) {}
    func cancel() {}
}

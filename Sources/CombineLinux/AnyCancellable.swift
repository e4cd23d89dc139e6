/// Apple's `final class AnyCancellable`: cancels its subscription when cancelled or released,
/// so keeping it (in a property, or a `Set<AnyCancellable>`) keeps the subscription alive.
public final class AnyCancellable: Cancellable, Hashable {
    private var cancelling: (() -> Void)?

    public init(_ cancel: @escaping () -> Void) { cancelling = cancel }
    public init<C: Cancellable>(_ canceller: C) { cancelling = canceller.cancel }

    deinit { cancel() }

    public func cancel() {
        let cancel = cancelling
        cancelling = nil
        cancel?()
    }

    /// Apple's `store(in:)`: keeps this cancellable in `set`.
    public func store(in set: inout Set<AnyCancellable>) { set.insert(self) }

    /// Apple's `store(in:)` for any range-replaceable collection.
    public func store<C: RangeReplaceableCollection>(in collection: inout C)
    where C.Element == AnyCancellable {
        collection.append(self)
    }

    public static func == (lhs: AnyCancellable, rhs: AnyCancellable) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

extension Cancellable {
    /// Apple's `store(in:)`: keeps this cancellable in `set`, as an `AnyCancellable`.
    public func store(in set: inout Set<AnyCancellable>) { AnyCancellable(self).store(in: &set) }
}

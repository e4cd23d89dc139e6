/// Apple's `@propertyWrapper struct Published<Value>`: a property of an `ObservableObject`
/// whose changes are announced: the object's `objectWillChange` emits, then `$property`
/// emits the new value, both before the property holds it (Apple's `willSet` timing).
@propertyWrapper
public struct Published<Value> {
    private let box: Box

    public init(wrappedValue: Value) { box = Box(wrappedValue) }

    /// Apple's `init(initialValue:)`.
    public init(initialValue: Value) { self.init(wrappedValue: initialValue) }

    @available(*, unavailable, message: "@Published is only available on properties of classes")
    public var wrappedValue: Value {
        get { fatalError("@Published is only available on properties of classes") }
        set { fatalError("@Published is only available on properties of classes") }
    }

    /// `$property`: a publisher of the property's values, starting with the current one.
    public var projectedValue: Publisher {
        get { Publisher(box) }
        // Apple's allows `$property = ...` through `assign(to:)`; the setter only keeps it writable.
        set {}
    }

    /// How the enclosing object's property reads and writes the value: the setter announces
    /// the change to `objectWillChange` and to `$property` first.
    public static subscript<EnclosingSelf: AnyObject>(
        _enclosingInstance object: EnclosingSelf,
        wrapped wrappedKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Value>,
        storage storageKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Published<Value>>
    ) -> Value {
        get { object[keyPath: storageKeyPath].box.value }
        set {
            let box = object[keyPath: storageKeyPath].box
            box.meet(object)
            box.set(newValue)
        }
    }

    /// How the enclosing object's `$property` reads: it also tells the value's box its object,
    /// so `assign(to: &$property)` announces changes as the property's setter does.
    public static subscript<EnclosingSelf: AnyObject>(
        _enclosingInstance object: EnclosingSelf,
        projected projectedKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Publisher>,
        storage storageKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Published<Value>>
    ) -> Publisher {
        get {
            let box = object[keyPath: storageKeyPath].box
            box.meet(object)
            return Publisher(box)
        }
        // `assign(to: &$property)` writes the publisher back; it is the same one.
        set {}
    }

    /// Apple's `Published.Publisher`: the values of one `@Published` property.
    public struct Publisher: Combine.Publisher {
        public typealias Output = Value
        public typealias Failure = Never
        private let box: Box

        fileprivate init(_ box: Box) { self.box = box }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Value, S.Failure == Never {
            box.broadcast.attach(subscriber, initial: box.value, replaysLatest: true)
        }

        /// What `assign(to: &$property)` does: each of `upstream`'s values is set, for as long
        /// as the property lives (its box keeps the subscription; the subscriber holds the box
        /// weakly, so neither keeps the other).
        func assign<Upstream: Combine.Publisher>(from upstream: Upstream)
        where Upstream.Output == Value, Upstream.Failure == Never {
            let sink = Subscribers.Sink<Value, Never>(
                receiveCompletion: { _ in }, receiveValue: { [weak box] in box?.set($0) })
            upstream.receive(subscriber: sink)
            box.assignments.append(AnyCancellable(sink))
        }
    }

    /// The value and its subscribers, shared by the wrapper's copies.
    fileprivate final class Box {
        var value: Value
        let broadcast = Broadcast<Value, Never>()
        /// The enclosing object's `objectWillChange`, once the property is used through it.
        weak var objectWillChange: ObservableObjectPublisher?
        /// The subscriptions `assign(to:)` made, ended with the property.
        var assignments: [AnyCancellable] = []

        init(_ value: Value) { self.value = value }

        func meet(_ object: AnyObject) {
            guard objectWillChange == nil, let observable = object as? any ObservableObject else { return }
            objectWillChange = Self.willChange(of: observable)
        }

        private static func willChange<Object: ObservableObject>(of object: Object)
            -> ObservableObjectPublisher?
        {
            object.objectWillChange as? ObservableObjectPublisher
        }

        /// Announces the change (`objectWillChange`, then `$property`), then stores it:
        /// Apple's `willSet` timing.
        func set(_ newValue: Value) {
            objectWillChange?.send()
            broadcast.send(newValue)
            value = newValue
        }
    }
}

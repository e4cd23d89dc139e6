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
            if let observable = object as? any ObservableObject { announceChange(of: observable) }
            let box = object[keyPath: storageKeyPath].box
            box.broadcast.send(newValue)
            box.value = newValue
        }
    }

    private static func announceChange<Object: ObservableObject>(of object: Object) {
        (object.objectWillChange as? ObservableObjectPublisher)?.send()
    }

    /// Apple's `Published.Publisher`: the values of one `@Published` property.
    public struct Publisher: Combine.Publisher {
        public typealias Output = Value
        public typealias Failure = Never
        private let box: Box

        fileprivate init(_ box: Box) { self.box = box }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Value, S.Failure == Never {
            box.broadcast.attach(subscriber, initial: box.value)
        }
    }

    /// The value and its subscribers, shared by the wrapper's copies.
    fileprivate final class Box {
        var value: Value
        let broadcast = Broadcast<Value, Never>()
        init(_ value: Value) { self.value = value }
    }
}

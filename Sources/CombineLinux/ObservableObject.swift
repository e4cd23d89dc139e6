import Foundation

/// Apple's `protocol ObservableObject : AnyObject`: an object with a publisher that emits
/// before any of its `@Published` properties changes.
public protocol ObservableObject: AnyObject {
    associatedtype ObjectWillChangePublisher: Publisher = ObservableObjectPublisher
    where ObjectWillChangePublisher.Failure == Never

    /// Emits before the object changes.
    var objectWillChange: ObjectWillChangePublisher { get }
}

extension ObservableObject where ObjectWillChangePublisher == ObservableObjectPublisher {
    /// Apple's default: one publisher per object, which its `@Published` properties send to
    /// before they change.
    public var objectWillChange: ObservableObjectPublisher { ObjectPublishers.shared.publisher(for: self) }
}

/// Apple's `final class ObservableObjectPublisher`: a publisher that emits `Void` before an
/// object changes.
public final class ObservableObjectPublisher: Publisher {
    public typealias Output = Void
    public typealias Failure = Never

    private let broadcast = Broadcast<Void, Never>()

    public init() {}

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Void, S.Failure == Never {
        broadcast.attach(subscriber)
    }

    /// Tells every subscriber the object is about to change.
    public func send() { broadcast.send(()) }
}

/// The default `objectWillChange` of each object, found by identity. Apple's keeps it with the
/// object; Swift on Linux has no associated objects, so a table does, holding each object weakly
/// (an entry whose object is gone is dropped, and never handed to a new object at that address).
///
/// The one `@unchecked Sendable` here: Combine's types are not thread-safe on Apple platforms
/// either (a publisher is used from one thread, usually the main actor's), but the table is
/// shared by every object of the process, so it is locked.
final class ObjectPublishers: @unchecked Sendable {
    static let shared = ObjectPublishers()

    private struct Entry {
        weak var object: AnyObject?
        let publisher: ObservableObjectPublisher
    }
    private let lock = NSLock()
    private var entries: [ObjectIdentifier: Entry] = [:]

    func publisher(for object: AnyObject) -> ObservableObjectPublisher {
        lock.withLock {
            let key = ObjectIdentifier(object)
            if let entry = entries[key], entry.object === object { return entry.publisher }
            if entries.count > 64 { entries = entries.filter { $0.value.object != nil } }
            let publisher = ObservableObjectPublisher()
            entries[key] = Entry(object: object, publisher: publisher)
            return publisher
        }
    }
}

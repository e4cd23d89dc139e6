import Synchronization

/// Apple's `struct OSSignpostID`: pairs a signpost interval's begin with its end. On Linux only
/// its identity matters: each made one is new.
public struct OSSignpostID: Comparable, Hashable, Sendable {
    /// Apple's `os_signpost_id_t` value.
    public let rawValue: UInt64

    /// Apple's `init(_ value: os_signpost_id_t)`.
    public init(_ value: UInt64) { rawValue = value }

    /// Apple's `init(log: OSLog)`: a new identifier.
    public init(log: OSLog) { rawValue = signpostIDs.add(1, ordering: .relaxed).newValue }

    /// Apple's `init(log: OSLog, object: AnyObject)`: the identifier of `object`, the same each time.
    public init(log: OSLog, object: AnyObject) {
        rawValue = UInt64(UInt(bitPattern: ObjectIdentifier(object).hashValue))
    }

    /// Apple's `exclusive`: for intervals of which only one runs at a time.
    public static let exclusive = OSSignpostID(0xEEEE_B0B5_B2B2_EEEE)
    public static let invalid = OSSignpostID(~0)
    public static let null = OSSignpostID(0)

    public static func < (lhs: OSSignpostID, rhs: OSSignpostID) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// The last identifier `OSSignpostID(log:)` made: process-wide, as Apple's are per process.
private let signpostIDs = Atomic<UInt64>(0)

/// Apple's `struct OSSignpostType`: whether a signpost begins or ends an interval, or is an event.
public struct OSSignpostType: RawRepresentable, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let event = OSSignpostType(rawValue: 0)
    public static let begin = OSSignpostType(rawValue: 1)
    public static let end = OSSignpostType(rawValue: 2)
}

/// Apple's `os_signpost(_:dso:log:name:signpostID:)`: a no-op on Linux, where no Instruments reads it.
// swift-format-ignore: AlwaysUseLowerCamelCase
public func os_signpost(
    _ type: OSSignpostType, dso: UnsafeRawPointer = #dsohandle, log: OSLog, name: StaticString,
    signpostID: OSSignpostID = .exclusive
) {}

/// Apple's `os_signpost(_:dso:log:name:signpostID:_:_:)`, with a printf-style message: a no-op.
// swift-format-ignore: AlwaysUseLowerCamelCase
public func os_signpost(
    _ type: OSSignpostType, dso: UnsafeRawPointer = #dsohandle, log: OSLog, name: StaticString,
    signpostID: OSSignpostID = .exclusive, _ format: StaticString, _ arguments: any CVarArg...
) {}

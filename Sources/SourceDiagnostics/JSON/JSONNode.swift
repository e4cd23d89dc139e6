/// The kind of a JSON value.
public enum JSONKind: UInt8, Sendable, Hashable, CustomStringConvertible {
    case null, bool, number, string, array, object

    /// The noun used in diagnostics ("expected a string, found a number").
    public var description: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

/// One value on a parsed document's tape.
///
/// The tape is a flat array in document order (a container is followed by its children,
/// an object's children alternate key, value), so parsing allocates one array for the
/// whole file and nothing per value. Strings stay as byte ranges until someone asks for
/// them; every node keeps its byte offset, which is what diagnostics need.
struct JSONNode: Sendable {
    var kind: JSONKind
    /// Strings only: whether the text holds a backslash escape (slow path when decoding).
    var hasEscapes: Bool
    /// Offset of the first byte (the opening quote, bracket or brace).
    var start: UInt32
    /// Offset one past the last byte.
    var end: UInt32
    /// Tape index one past this node's subtree: the next sibling, if any.
    var next: UInt32
    /// Containers: the number of elements, or of members for an object.
    var count: UInt32
}

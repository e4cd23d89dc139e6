/// A JSON value held in memory: what Kiosk keeps of keys it does not understand (so a
/// catalog from a newer Xcode round-trips) and what the encoder writes.
public enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    /// A number exactly as written, so that re-encoding never changes its digits.
    case number(String)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// A number from an integer.
    public static func integer(_ value: Int) -> JSONValue { .number(String(value)) }
}

extension JSONDocument {
    /// The value at `node` as a `JSONValue` tree.
    public func value(at node: Node) -> JSONValue {
        switch kind(of: node) {
        case .null: return .null
        case .bool: return .bool(bool(node) ?? false)
        case .number: return .number(rawText(of: node))
        case .string: return .string(string(node) ?? "")
        case .array: return .array(elements(of: node).map { value(at: $0) })
        case .object:
            var object: [String: JSONValue] = [:]
            for member in members(of: node) { object[string(member.key) ?? ""] = value(at: member.value) }
            return .object(object)
        }
    }
}

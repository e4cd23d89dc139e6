import Foundation

extension JSONDocument {
    /// The path from the root to a value, such as `subscriptionGroups[0].subscriptions[1].type`.
    ///
    /// Paths are computed only when a diagnostic needs one, by walking down the tape, so
    /// decoding never builds path strings for the values that are fine. A key node gives
    /// the path of its member.
    public func path(to target: Node) -> String {
        var path = ""
        var current = root
        while current != target {
            let node = nodes[current]
            var child = current + 1
            let end = Int(node.next)
            var found = false
            var ordinal = 0
            while child < end {
                if node.kind == .array {
                    if target < Int(nodes[child].next) {
                        path += "[\(ordinal)]"
                        current = child
                        found = true
                        break
                    }
                    child = Int(nodes[child].next)
                } else {
                    let value = child + 1
                    if target == child || target < Int(nodes[value].next) {
                        path = Self.appending(string(child) ?? "", to: path)
                        current = target == child ? target : value
                        found = true
                        break
                    }
                    child = Int(nodes[value].next)
                }
                ordinal += 1
            }
            if !found { break }
        }
        return path
    }

    /// `path.key`, or `path["odd key"]` when the key is not a plain identifier.
    public static func appending(_ key: String, to path: String) -> String {
        let plain =
            !key.isEmpty
            && key.utf8.allSatisfy { byte in
                byte == UInt8(ascii: "_")
                    || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
                    || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
            } && !(key.utf8.first! >= UInt8(ascii: "0") && key.utf8.first! <= UInt8(ascii: "9"))
        if plain { return path.isEmpty ? key : path + "." + key }
        let escaped = key.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(
            of: "\"", with: "\\\"")
        return path + "[\"" + escaped + "\"]"
    }

    /// The path of an element of an array at `path`.
    public static func appending(index: Int, to path: String) -> String { path + "[\(index)]" }
}

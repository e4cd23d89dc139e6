/// A parsed JSON file that remembers where every value came from.
///
/// Values are addressed by `Node` handles (tape indices); the root is `root`. Scalars are
/// decoded on request. Use `location(of:)` and `path(to:)` to point a diagnostic at a value.
public struct JSONDocument: Sendable {
    /// A handle to one value of this document.
    public typealias Node = Int

    /// The file's bytes, as given.
    public let bytes: [UInt8]
    let nodes: [JSONNode]

    /// Parses UTF-8 JSON text, or throws the first syntax error with its byte offset.
    public init(bytes: [UInt8]) throws(JSONSyntaxError) {
        func parse(_ base: UnsafePointer<UInt8>, count: Int) -> Result<[JSONNode], JSONSyntaxError> {
            var parser = JSONParser(base: base, count: count)
            do throws(JSONSyntaxError) {
                try parser.parseDocument()
                return .success(parser.nodes)
            } catch {
                return .failure(error)
            }
        }
        let result = bytes.withUnsafeBufferPointer { buffer in
            // An empty array may have no storage; parsing nothing reads no byte, so a pointer
            // to a local byte stands in.
            guard let base = buffer.baseAddress else {
                return withUnsafePointer(to: UInt8(0)) { parse($0, count: 0) }
            }
            return parse(base, count: buffer.count)
        }
        self.bytes = bytes
        self.nodes = try result.get()
    }

    /// The top-level value.
    public var root: Node { 0 }

    public func kind(of node: Node) -> JSONKind { nodes[node].kind }

    /// The byte offset where the value starts.
    public func offset(of node: Node) -> Int { Int(nodes[node].start) }

    /// The line and column where the value starts. Scans the file; to place many values,
    /// make one `LineTable` and reuse it.
    public func location(of node: Node, file: String) -> SourceLocation {
        LineTable(bytes: bytes).location(ofOffset: offset(of: node), file: file)
    }

    /// The number of elements of an array or members of an object; 0 for scalars.
    public func count(of node: Node) -> Int { Int(nodes[node].count) }

    /// The elements of an array (empty for anything else).
    public func elements(of node: Node) -> [Node] {
        guard nodes[node].kind == .array else { return [] }
        var result: [Node] = []
        result.reserveCapacity(Int(nodes[node].count))
        var child = node + 1
        let end = Int(nodes[node].next)
        while child < end {
            result.append(child)
            child = Int(nodes[child].next)
        }
        return result
    }

    /// The members of an object as (key node, value node) pairs, in file order.
    public func members(of node: Node) -> [(key: Node, value: Node)] {
        guard nodes[node].kind == .object else { return [] }
        var result: [(key: Node, value: Node)] = []
        result.reserveCapacity(Int(nodes[node].count))
        var key = node + 1
        let end = Int(nodes[node].next)
        while key < end {
            result.append((key, key + 1))
            key = Int(nodes[key + 1].next)
        }
        return result
    }

    /// The value of the first member named `key`, if the node is an object that has one.
    public func member(_ key: String, of node: Node) -> Node? {
        guard nodes[node].kind == .object else { return nil }
        var key = key
        return key.withUTF8 { name in memberValue(named: name, in: node).map { $0.value } }
    }

    /// Finds a member by its name's UTF-8 bytes without decoding any key that has no escape:
    /// its position among the object's members (for duplicate checks) and its value.
    public func memberValue(named name: UnsafeBufferPointer<UInt8>, in object: Node) -> (
        ordinal: Int, value: Node
    )? {
        var key = object + 1
        let end = Int(nodes[object].next)
        var ordinal = 0
        while key < end {
            if keyEquals(key, name) { return (ordinal, key + 1) }
            key = Int(nodes[key + 1].next)
            ordinal += 1
        }
        return nil
    }

    @inline(__always) func keyEquals(_ key: Node, _ name: UnsafeBufferPointer<UInt8>) -> Bool {
        let node = nodes[key]
        if node.hasEscapes { return string(key).map { Array($0.utf8) == Array(name) } ?? false }
        let length = Int(node.end - node.start) - 2
        guard length == name.count else { return false }
        return bytes.withUnsafeBufferPointer { buffer in
            let start = Int(node.start) + 1
            let text = UnsafeBufferPointer(rebasing: buffer[start..<start + length])
            for index in 0..<length where text[index] != name[index] { return false }
            return true
        }
    }

    /// The source text of a value, exactly as written.
    public func rawText(of node: Node) -> String {
        let value = nodes[node]
        return String(decoding: bytes[Int(value.start)..<Int(value.end)], as: UTF8.self)
    }
}

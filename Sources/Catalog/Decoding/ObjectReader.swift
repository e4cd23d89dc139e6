import SourceDiagnostics

/// Reads the members of one JSON object by key, type-checking each and reporting problems.
///
/// `Key` lists the keys the object may have; members never asked for are the unknown ones,
/// which `finish()` keeps (so files round-trip) and checks for likely typos. `null` and
/// absence mean the same to every accessor: nil.
struct ObjectReader<Key: RawRepresentable & CaseIterable> where Key.RawValue == String {
    let context: DecodingContext
    let node: JSONDocument.Node
    /// Bit n is set once member n has been asked for (members past 64 count as known).
    private var used: UInt64 = 0

    /// A reader for `node`, or nil (with an error reported) if it is not an object.
    init?(_ context: DecodingContext, _ node: JSONDocument.Node) {
        guard context.document.kind(of: node) == .object else {
            context.error("expected an object, found \(context.document.kind(of: node))", at: node)
            return nil
        }
        self.context = context
        self.node = node
    }

    var document: JSONDocument { context.document }

    /// The member's value node, or nil when absent; marks the member as known.
    mutating func lookup(_ key: Key) -> JSONDocument.Node? {
        var name = key.rawValue
        guard let (ordinal, value) = name.withUTF8({ document.memberValue(named: $0, in: node) }) else {
            return nil
        }
        if ordinal < 64 { used |= 1 << UInt64(ordinal) }
        return value
    }

    /// The member's value unless it is absent or null; reports a missing required key.
    mutating func present(_ key: Key, required: Bool = false) -> JSONDocument.Node? {
        guard let value = lookup(key) else {
            if required {
                context.error("missing required key \"\(key.rawValue)\"; add it", at: node, key: key.rawValue)
            }
            return nil
        }
        guard document.kind(of: value) != .null else {
            if required { context.error("\"\(key.rawValue)\" must not be null", at: value) }
            return nil
        }
        return value
    }

    /// Reports a value of the wrong JSON type.
    func mismatch(_ value: JSONDocument.Node, expected: JSONKind, hint: String = "") {
        context.error("expected \(expected), found \(document.kind(of: value))\(hint)", at: value)
    }

    mutating func string(_ key: Key, required: Bool = false) -> String? {
        guard let value = present(key, required: required) else { return nil }
        guard let text = document.string(value) else {
            mismatch(value, expected: .string)
            return nil
        }
        return text
    }

    mutating func bool(_ key: Key, required: Bool = false) -> Bool? {
        guard let value = present(key, required: required) else { return nil }
        guard let flag = document.bool(value) else {
            mismatch(value, expected: .bool)
            return nil
        }
        return flag
    }

    /// An integer of at least `minimum`.
    mutating func int(_ key: Key, required: Bool = false, minimum: Int = .min, maximum: Int = .max) -> Int? {
        guard let value = present(key, required: required) else { return nil }
        guard let number = document.int(value) else {
            if document.kind(of: value) == .number {
                context.error("expected a whole number", at: value)
                return nil
            }
            mismatch(value, expected: .number)
            return nil
        }
        guard number >= minimum else {
            context.error("\"\(key.rawValue)\" must be at least \(minimum)", at: value)
            return nil
        }
        guard number <= maximum else {
            context.error("\"\(key.rawValue)\" must be at most \(maximum)", at: value)
            return nil
        }
        return number
    }

    mutating func double(_ key: Key) -> Double? {
        guard let value = present(key) else { return nil }
        guard let number = document.double(value) else {
            mismatch(value, expected: .number)
            return nil
        }
        return number
    }

    /// The element nodes of an array member.
    mutating func array(_ key: Key, required: Bool = false) -> [JSONDocument.Node]? {
        guard let value = present(key, required: required) else { return nil }
        guard document.kind(of: value) == .array else {
            mismatch(value, expected: .array)
            return nil
        }
        return document.elements(of: value)
    }

    /// Decodes each element of an array member, dropping those that fail (already reported).
    mutating func array<T>(
        _ key: Key, required: Bool = false, _ decode: (DecodingContext, JSONDocument.Node) -> T?
    ) -> [T]? {
        array(key, required: required).map { elements in elements.compactMap { decode(context, $0) } }
    }

    /// The members no accessor asked for, as JSON values; warns about likely misspellings.
    mutating func finish() -> [String: JSONValue] {
        let count = document.count(of: node)
        let mask: UInt64 = count >= 64 ? .max : (1 << UInt64(count)) - 1
        guard used & mask != mask else { return [:] }
        var unknown: [String: JSONValue] = [:]
        for (ordinal, member) in document.members(of: node).enumerated() where ordinal < 64 {
            guard used & (1 << UInt64(ordinal)) == 0, let name = document.string(member.key) else { continue }
            if Key(rawValue: name) != nil {
                // A key this object knows but did not read: repeated, or one that belongs to
                // another kind of object (a subscription key on a consumable).
                var bytes = name
                let first = bytes.withUTF8 { document.memberValue(named: $0, in: node) }
                if let first, first.ordinal != ordinal {
                    context.warning(
                        "duplicate key \"\(name)\"; the first is used, remove this one", at: member.key)
                    continue
                }
                context.warning("\"\(name)\" does not apply here and is ignored; remove it", at: member.key)
            } else if let known = Self.closestKey(to: name) {
                context.warning(
                    "unknown key \"\(name)\" is ignored; did you mean \"\(known)\"?", at: member.key)
            }
            unknown[name] = document.value(at: member.value)
        }
        return unknown
    }

    /// A known key that `name` probably misspells: same letters in another case, or at most
    /// two edits away for keys long enough that two edits are still a typo.
    static func closestKey(to name: String) -> String? {
        let lowered = name.lowercased()
        for key in Key.allCases where key.rawValue.lowercased() == lowered { return key.rawValue }
        guard name.count >= 6 else { return nil }
        return Key.allCases.map(\.rawValue).first {
            Suggestion.distance($0.lowercased(), lowered, limit: 2) <= 2
        }
    }
}

/// The members a file adds to other types in its top-level `extension` blocks (`var safeInt`
/// in `extension Double { … }`), read from its code (comments and strings left out). When the
/// file is left out, a compiled file that uses one of them after a dot is left out too, as one
/// that uses a left-out type is: the member would not exist on Linux.
enum ExtensionMembers {
    static func names(in text: String) -> Set<String> {
        var names = Set<String>()
        var depth = 0
        var inExtension = false
        for line in SwiftUIUsage.codeLines(text) {
            let words = SwiftSourceFacts.identifiers(in: line)
            if depth == 0, let first = words.first(where: { !modifiers.contains($0) }), first == "extension" {
                inExtension = true
            }
            if inExtension, depth == 1,
                let index = words.firstIndex(where: { ["func", "var", "let"].contains($0) }),
                words[..<index].allSatisfy(modifiers.contains), index + 1 < words.count
            {
                names.insert(words[index + 1])
            }
            for character in line {
                if character == "{" { depth += 1 }
                if character == "}" {
                    depth = max(0, depth - 1)
                    if depth == 0 { inExtension = false }
                }
            }
        }
        return names
    }

    /// The types declared at the file's top level (brace depth 0), in order.
    static func topLevelTypes(in text: String) -> [String] {
        var types: [String] = []
        var depth = 0
        let kinds: Set<String> = ["struct", "class", "enum", "actor", "protocol", "typealias"]
        for line in SwiftUIUsage.codeLines(text) {
            if depth == 0 {
                let words = SwiftSourceFacts.identifiers(in: line)
                if let index = words.firstIndex(where: kinds.contains),
                    words[..<index].allSatisfy({ modifiers.contains($0) || typeModifiers.contains($0) }),
                    index + 1 < words.count,
                    words[index + 1].first?.isUppercase == true
                        || words[index + 1].first == "_"
                {
                    types.append(words[index + 1])
                }
            }
            for character in line {
                if character == "{" { depth += 1 }
                if character == "}" { depth = max(0, depth - 1) }
            }
        }
        return types
    }

    private static let typeModifiers: Set<String> = [
        "indirect", "Observable", "dynamicMemberLookup", "propertyWrapper", "resultBuilder", "frozen",
        "Sendable",
        "unchecked", "preconcurrency",
    ]

    private static let modifiers: Set<String> = [
        "public", "internal", "private", "fileprivate", "open", "package", "static", "final", "nonisolated",
        "mutating", "override", "MainActor", "available", "discardableResult", "inlinable", "objc", "class",
    ]
}

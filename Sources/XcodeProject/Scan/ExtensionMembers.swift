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

    private static let modifiers: Set<String> = [
        "public", "internal", "private", "fileprivate", "open", "package", "static", "final", "nonisolated",
        "mutating", "override", "MainActor", "available", "discardableResult", "inlinable", "objc", "class",
    ]
}

import Foundation

/// What one Swift file says that `kiosk xctest` needs to know, read line by line: the modules
/// it imports (and whether each is under an `#if canImport`/`#if os` guard), the types it
/// declares, the words it uses, and test classes that are `@MainActor` and override the
/// synchronous setUp/tearDown methods.
///
/// This is a reading of the text, not a compiler: comments are skipped, string literals are not
/// parsed. That is enough to say "this file imports SwiftUI at line 3" before compiling.
public struct SwiftSourceFacts: Sendable, Equatable {
    public struct Import: Sendable, Equatable {
        public var module: String
        public var line: Int
        /// In a branch Linux does not compile (`#if os(iOS)`), or one whose platform question the
        /// scan cannot answer (`#if canImport(SomeKit)`): the developer's own guard.
        public var isGuarded: Bool
        public var isTestable: Bool
    }

    public var path: String
    public var imports: [Import]
    /// Type names declared at the start of a line (`struct Name`, `final class Name`, ...).
    public var declaredTypes: [String]
    /// Every identifier in the file's code (comments left out), for "does this file use X".
    public var identifiers: Set<String>
    /// The first line each identifier appears on.
    public var firstLine: [String: Int]
    /// Lines of `override func setUp()`/`setUpWithError()`/`tearDown()`/`tearDownWithError()`
    /// inside a main-actor test class, with the method's name.
    public var mainActorSetUpOverrides: [(line: Int, method: String)]
    /// Test classes that are main-actor isolated only through the target's default isolation
    /// (no `@MainActor` written on them, no `nonisolated`), with their lines: Linux's XCTest
    /// cannot compile those (their inherited `init(name:testClosure:)` would change isolation).
    public var defaultIsolatedTestClasses: [(line: Int, name: String)] = []
    /// The first line each identifier appears on in code Linux always compiles: outside string
    /// literals, and in the `#if` branches Linux compiles (`LinuxCompilationCondition`): a branch
    /// for another platform, or one behind a `canImport` the scan cannot answer, is the
    /// developer's own choice.
    public var unguardedFirstLine: [String: Int] = [:]
    /// The same for identifiers written after a dot (`.expressionType`), the only way a member
    /// name can be told from a local name of the same spelling.
    public var unguardedMemberFirstLine: [String: Int] = [:]

    public static func == (lhs: SwiftSourceFacts, rhs: SwiftSourceFacts) -> Bool {
        lhs.path == rhs.path && lhs.imports == rhs.imports && lhs.declaredTypes == rhs.declaredTypes
            && lhs.identifiers == rhs.identifiers
            && lhs.mainActorSetUpOverrides.map(\.line) == rhs.mainActorSetUpOverrides.map(\.line)
    }

    /// Reads the file at `path`; `defaultMainActor` is the target's `SWIFT_DEFAULT_ACTOR_ISOLATION
    /// = MainActor`, which makes every test class main-actor isolated unless marked `nonisolated`.
    public static func read(path: String, defaultMainActor: Bool = false) throws(XcodeProjectError)
        -> SwiftSourceFacts
    {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw XcodeProjectError(
                "\(path): cannot read this Swift file the project lists; check that it exists")
        }
        return parse(String(decoding: data, as: UTF8.self), path: path, defaultMainActor: defaultMainActor)
    }

    public static func parse(_ text: String, path: String, defaultMainActor: Bool = false) -> SwiftSourceFacts
    {
        var facts = SwiftSourceFacts(
            path: path, imports: [], declaredTypes: [], identifiers: [], firstLine: [:],
            mainActorSetUpOverrides: [])
        var conditions = ConditionalBranches()
        var inBlockComment = false
        var inMultilineString = false
        var pendingMainActor = false
        var inMainActorTestClass = false
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let lineNumber = index + 1
            var line = Substring(rawLine)
            // Strings are blanked before comments are cut, so a `//` in a URL string does not end
            // the line, and a name in a string is not a use.
            let unquoted = withoutStringLiterals(rawLine, inMultilineString: &inMultilineString)
            let startsInComment = inBlockComment
            if inBlockComment {
                guard let end = line.range(of: "*/") else { continue }
                line = line[end.upperBound...]
                inBlockComment = false
            }
            if let start = line.range(of: "/*"), !line[start.upperBound...].contains("*/") {
                line = line[..<start.lowerBound]
                inBlockComment = true
            }
            if let comment = line.range(of: "//") { line = line[..<comment.lowerBound] }
            let code = line.trimmingCharacters(in: .whitespaces)
            if conditions.read(directive: code) { continue }
            let isRead = conditions.isRead
            if isRead {
                recordUnguarded(withoutComments(unquoted, startsInComment), line: lineNumber, in: &facts)
            }
            let words = identifiers(in: code)
            for word in words where facts.firstLine[word] == nil { facts.firstLine[word] = lineNumber }
            facts.identifiers.formUnion(words)
            if let found = importedModule(code) {
                facts.imports.append(
                    Import(
                        module: found.module, line: lineNumber, isGuarded: !isRead,
                        isTestable: found.testable))
            }
            if let name = declaredType(words) { facts.declaredTypes.append(name) }
            // Test classes: `@MainActor` on the class's line or the line before, or the
            // target's default isolation, unless the class says `nonisolated`.
            if words.contains("class") {
                let isTestClass = code.contains("XCTestCase")
                let isMainActor =
                    (words.contains("MainActor") || pendingMainActor || defaultMainActor)
                    && !words.contains("nonisolated")
                inMainActorTestClass = isTestClass && isMainActor
                let saysMainActor = words.contains("MainActor") || pendingMainActor
                if isTestClass, defaultMainActor, !saysMainActor, !words.contains("nonisolated"),
                    let name = declaredType(words)
                {
                    facts.defaultIsolatedTestClasses.append((lineNumber, name))
                }
            }
            pendingMainActor = code == "@MainActor"
            if inMainActorTestClass, words.contains("override"), words.contains("func"),
                !words.contains("async"), !words.contains("nonisolated"),
                let method = ["setUpWithError", "tearDownWithError", "setUp", "tearDown"].first(where: {
                    code.contains("func \($0)()")
                })
            {
                facts.mainActorSetUpOverrides.append((lineNumber, method))
            }
        }
        return facts
    }

    /// Notes the identifiers of a line's code (strings already blanked) as unguarded uses.
    private static func recordUnguarded(
        _ code: String, line lineNumber: Int, in facts: inout SwiftSourceFacts
    ) {
        var previous: Character = " "
        var current = ""
        var afterDot = false
        for character in code + " " {
            if character.isLetter || character.isNumber || character == "_" {
                if current.isEmpty { afterDot = previous == "." }
                current.append(character)
            } else if !current.isEmpty {
                if current.first?.isNumber == false {
                    if facts.unguardedFirstLine[current] == nil {
                        facts.unguardedFirstLine[current] = lineNumber
                    }
                    if afterDot, facts.unguardedMemberFirstLine[current] == nil {
                        facts.unguardedMemberFirstLine[current] = lineNumber
                    }
                }
                current = ""
            }
            previous = character
        }
    }

    /// A line's code without its comments, its strings already blanked; `startsInComment` when a
    /// block comment from an earlier line is still open.
    private static func withoutComments(_ unquoted: String, _ startsInComment: Bool) -> String {
        var code = ""
        var inComment = startsInComment
        var rest = Substring(unquoted)
        while !rest.isEmpty {
            if inComment {
                guard let end = rest.range(of: "*/") else { break }
                rest = rest[end.upperBound...]
                inComment = false
            } else if rest.hasPrefix("//") {
                break
            } else if rest.hasPrefix("/*") {
                inComment = true
                rest = rest.dropFirst(2)
            } else {
                code.append(rest.removeFirst())
            }
        }
        return code
    }

    /// The line with every string literal's contents blanked (`"..."`, `#"..."#`, `\"""` blocks);
    /// `inMultilineString` carries a `\"""` block from line to line.
    static func withoutStringLiterals(_ line: Substring, inMultilineString: inout Bool) -> String {
        var result = ""
        var inString = false
        var escaped = false
        var index = line.startIndex
        while index < line.endIndex {
            let character = line[index]
            if line[index...].hasPrefix("\"\"\"") {
                inMultilineString.toggle()
                result += "\"\"\""
                index = line.index(index, offsetBy: 3)
                continue
            }
            if inMultilineString || inString {
                if escaped {
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else if character == "\"", inString {
                    inString = false
                    result.append(character)
                    index = line.index(after: index)
                    continue
                }
                result.append(" ")
            } else {
                if character == "\"" { inString = true }
                result.append(character)
            }
            index = line.index(after: index)
        }
        return result
    }

    /// `import X`, `@testable import X`, `@preconcurrency import X`, `import struct X.Y`.
    private static func importedModule(_ code: String) -> (module: String, testable: Bool)? {
        let words = code.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        guard let importIndex = words.firstIndex(of: "import"),
            words[..<importIndex].allSatisfy({ $0.hasPrefix("@") }), importIndex + 1 < words.count
        else { return nil }
        let kinds: Set<String> = [
            "struct", "class", "enum", "protocol", "func", "var", "let", "typealias", "actor",
        ]
        var path = words[importIndex + 1]
        if kinds.contains(path), importIndex + 2 < words.count { path = words[importIndex + 2] }
        let module = String(path.split(separator: ".").first ?? Substring(path))
        return (module, words[..<importIndex].contains("@testable"))
    }

    private static func declaredType(_ words: [String]) -> String? {
        let kinds: Set<String> = ["struct", "class", "enum", "actor", "protocol", "typealias"]
        guard let index = words.firstIndex(where: { kinds.contains($0) }), index + 1 < words.count else {
            return nil
        }
        let modifiers: Set<String> = [
            "public", "internal", "private", "fileprivate", "open", "final", "package", "indirect",
            "nonisolated",
            "MainActor", "Observable", "objc", "available", "dynamicMemberLookup", "propertyWrapper",
            "resultBuilder",
        ]
        guard words[..<index].allSatisfy({ modifiers.contains($0) }) else { return nil }
        let name = words[index + 1]
        return name.first.map { $0.isUppercase || $0 == "_" } == true ? name : nil
    }

    /// The identifiers of a line of code (letters, digits, underscores; string contents included).
    static func identifiers(in code: String) -> [String] {
        var words: [String] = []
        var current = ""
        for character in code {
            if character.isLetter || character.isNumber || character == "_" {
                current.append(character)
            } else if !current.isEmpty {
                words.append(current)
                current = ""
            }
        }
        if !current.isEmpty { words.append(current) }
        return words.filter { $0.first.map { !$0.isNumber } ?? false }
    }
}

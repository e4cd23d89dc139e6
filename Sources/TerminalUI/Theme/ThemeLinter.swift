import Foundation

/// Checks theme files and reports every problem with its file, line and column.
///
/// Errors (the theme cannot be used): invalid JSON, a value of the wrong type, a bad colour, a
/// missing or circular base theme, a role left unstyled after inheritance. Warnings (ignored, but
/// probably a typo): unknown keys, roles and attributes, each with a "did you mean" suggestion.
/// Problems in an inherited file are reported against that file.
public enum ThemeLinter {
    /// Every diagnostic for the theme at `path` and the themes it inherits from, in file order.
    public static func lint(path: String) -> [ThemeDiagnostic] {
        resolve(path: path).diagnostics
    }

    /// The diagnostics of one theme file's `contents`, without following `inherits` (for
    /// checking bytes that are not on disk, such as the fuzzing harness's inputs).
    public static func lint(contents: [UInt8], path: String) -> [ThemeDiagnostic] {
        ThemeFile(path: path, contents: contents).diagnostics
    }

    /// Reads the theme at `path` with its inheritance chain: the theme when there are no errors,
    /// and all diagnostics either way.
    static func resolve(path: String) -> (theme: Theme?, diagnostics: [ThemeDiagnostic]) {
        var leaf = ThemeFile(path: path)
        var chain: [ThemeFile] = []
        var visited: Set<String> = [standardized(path)]
        var current = leaf
        var diagnostics: [ThemeDiagnostic] = []
        while true {
            chain.append(current)
            guard let inherits = current.inherits else { break }
            let directory = (current.path as NSString).deletingLastPathComponent
            let basePath = (directory as NSString).appendingPathComponent("\(inherits.name).json")
            if visited.contains(standardized(basePath)) {
                current.report(
                    .error, line: inherits.line, column: inherits.column, path: "inherits",
                    value: "\"\(inherits.name)\"",
                    message: "inheritance cycle; a theme cannot inherit from itself, directly or indirectly")
                chain[chain.count - 1] = current
                break
            }
            guard FileManager.default.fileExists(atPath: basePath) else {
                let siblings = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [])
                    .filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }
                current.report(
                    .error, line: inherits.line, column: inherits.column, path: "inherits",
                    value: "\"\(inherits.name)\"",
                    message: Suggestion.appending(
                        to: "no theme file \(inherits.name).json next to this one", word: inherits.name,
                        candidates: siblings))
                chain[chain.count - 1] = current
                break
            }
            visited.insert(standardized(basePath))
            current = ThemeFile(path: basePath)
        }
        leaf = chain[0]
        var styles: [ThemeRole: Style] = [:]
        for file in chain.reversed() {
            for (role, spec) in file.roles { styles[role] = spec.applied(to: styles[role] ?? .plain) }
        }
        // An unreadable file's roles are unknown rather than missing: one error is enough.
        let isComplete = chain.allSatisfy(\.isReadable)
        let missing = ThemeRole.allCases.filter { styles[$0] == nil }.map(\.rawValue)
        if isComplete && !missing.isEmpty {
            // One error naming every missing role reads better than one error per role.
            leaf.report(
                .error, line: leaf.rolesLine, column: leaf.rolesColumn, path: "roles",
                value: missing.joined(separator: ", "),
                message:
                    "missing role\(missing.count == 1 ? "" : "s") \(missing.joined(separator: ", ")); style "
                    + "\(missing.count == 1 ? "it" : "them") here or inherit from a theme that does (\"inherits\": \"default\")"
            )
        }
        chain[0] = leaf
        for file in chain { diagnostics += file.diagnostics }
        guard !diagnostics.contains(where: { $0.severity == .error }) else { return (nil, diagnostics) }
        let name = leaf.name ?? ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        return (Theme(name: name, styles: styles), diagnostics)
    }

    private static func standardized(_ path: String) -> String { (path as NSString).standardizingPath }
}

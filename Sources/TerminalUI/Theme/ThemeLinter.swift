import Foundation
import SourceDiagnostics

/// Checks theme files and reports every problem with its file, line and column.
///
/// Errors (the theme cannot be used): invalid JSON, a value of the wrong type, a bad colour, a
/// missing or circular base theme, a role left unstyled after inheritance. Warnings (ignored, but
/// probably a typo): unknown keys, roles and attributes, each with a "did you mean" suggestion.
/// Problems in an inherited file are reported against that file.
public enum ThemeLinter {
    /// Every diagnostic for the theme at `path` and the themes it inherits from, in file order.
    /// `bundledThemes` is the directory of the bundled themes: an `inherits` name with no file
    /// beside the theme is looked up there, so a theme kept anywhere can inherit `default`.
    public static func lint(path: String, bundledThemes: String? = nil) -> [Diagnostic] {
        resolve(path: path, bundledThemes: bundledThemes).diagnostics
    }

    /// The diagnostics of one theme file's `contents`, without following `inherits` (for
    /// checking bytes that are not on disk, such as the fuzzing harness's inputs).
    public static func lint(contents: [UInt8], path: String) -> [Diagnostic] {
        ThemeFile(path: path, contents: contents).diagnostics
    }

    /// Reads the theme at `path` with its inheritance chain: the theme when there are no errors,
    /// and all diagnostics either way.
    static func resolve(path: String, bundledThemes: String? = nil) -> (
        theme: Theme?, diagnostics: [Diagnostic]
    ) {
        var leaf = ThemeFile(path: path)
        var chain: [ThemeFile] = []
        var visited: Set<String> = [standardized(path)]
        var current = leaf
        var diagnostics: [Diagnostic] = []
        while true {
            chain.append(current)
            guard let inherits = current.inherits else { break }
            let directory = (current.path as NSString).deletingLastPathComponent
            var basePath = (directory as NSString).appendingPathComponent("\(inherits.name).json")
            if !FileManager.default.fileExists(atPath: basePath), let bundledThemes {
                let bundled = (bundledThemes as NSString).appendingPathComponent("\(inherits.name).json")
                if FileManager.default.fileExists(atPath: bundled) { basePath = bundled }
            }
            if visited.contains(standardized(basePath)) {
                current.report(
                    .error, line: inherits.line, column: inherits.column, path: "inherits",
                    value: "\"\(inherits.name)\"",
                    message: "inheritance cycle; a theme cannot inherit from itself, directly or indirectly")
                chain[chain.count - 1] = current
                break
            }
            guard FileManager.default.fileExists(atPath: basePath) else {
                let siblings = [directory, bundledThemes].compactMap { $0 }.flatMap {
                    // Only for "did you mean": a folder that cannot be listed suggests nothing.
                    ((try? FileManager.default.contentsOfDirectory(atPath: $0)) ?? [])
                        .filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }
                }
                current.report(
                    .error, line: inherits.line, column: inherits.column, path: "inherits",
                    value: "\"\(inherits.name)\"",
                    message: Suggestion.appending(
                        to: "no theme file \(inherits.name).json next to this one"
                            + (bundledThemes == nil ? "" : " or among the bundled themes"),
                        word: inherits.name,
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

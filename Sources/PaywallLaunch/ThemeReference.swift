import Foundation
import SourceDiagnostics
import TerminalUI

/// A `--theme NAME|PATH` value: a theme file when it looks like a path (a `/` or `.json`), else a
/// bundled theme by name. The one lookup the paywall, its live reload, `kiosk shot` and
/// `kiosk gallery` share; the bundled names are read from the themes directory, so a new theme
/// file is offered without a code change.
public struct ThemeReference: Sendable, Hashable {
    /// What was given.
    public var text: String
    /// Where the bundled themes are (and where a theme file's `inherits` are looked up).
    public var bundledThemes: URL

    public init(_ text: String, bundledThemes: URL) {
        self.text = text
        self.bundledThemes = bundledThemes
    }

    /// A theme file rather than a bundled name.
    public var isPath: Bool { text.contains("/") || text.hasSuffix(".json") }

    /// The file it names: itself when it is a path, else the bundled theme's file.
    public var path: String {
        isPath ? text : bundledThemes.appendingPathComponent("\(text).json").path
    }

    /// The bundled themes' names, sorted.
    public var bundledNames: [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: bundledThemes.path)) ?? []
        return files.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
    }

    /// The theme, loaded and checked.
    /// - Throws: ``ThemeLookupError`` naming a bundled theme that is not there (with the closest
    ///   name), or what is wrong with the file.
    public func load() throws(ThemeLookupError) -> Theme {
        if !isPath, !FileManager.default.fileExists(atPath: path) {
            let names = bundledNames
            let choices =
                names.count > 1
                ? names.dropLast().joined(separator: ", ") + " or " + names[names.count - 1]
                : names.joined()
            throw .noBundledTheme(
                Suggestion.appending(
                    to: "no bundled theme '\(text)': use \(choices), or a path to a theme file", word: text,
                    candidates: names))
        }
        do {
            return try Theme.load(path: path, bundledThemes: isPath ? bundledThemes.path : nil)
        } catch {
            throw .invalid(error)
        }
    }
}

/// Why a theme did not load.
public enum ThemeLookupError: Error, CustomStringConvertible {
    /// No bundled theme has that name (a usage mistake), with the names there are.
    case noBundledTheme(String)
    /// The file is missing or not a valid theme.
    case invalid(TerminalUIError)

    public var description: String {
        switch self {
        case .noBundledTheme(let message): message
        case .invalid(let error): "\(error)"
        }
    }
}

import Foundation

extension Theme {
    /// Loads and validates the theme file at `path`, following `inherits` to sibling files.
    /// - Throws: ``TerminalUIError/invalidTheme(path:diagnostics:)`` listing every error; warnings
    ///   alone do not stop loading (use ``ThemeLinter/lint(path:)`` to see them).
    ///   `bundledThemes` is where `inherits` names not found beside the file are looked up.
    public static func load(path: String, bundledThemes: String? = nil) throws(TerminalUIError) -> Theme {
        let (theme, diagnostics) = ThemeLinter.resolve(path: path, bundledThemes: bundledThemes)
        guard let theme else { throw .invalidTheme(path: path, diagnostics: diagnostics) }
        return theme
    }

    /// Loads `<directory>/<name>.json`, e.g. `Theme.load(named: "high-contrast", in: "themes")`.
    public static func load(named name: String, in directory: String) throws(TerminalUIError) -> Theme {
        try load(path: (directory as NSString).appendingPathComponent("\(name).json"))
    }
}

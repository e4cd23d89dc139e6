import Foundation
import SourceDiagnostics

/// One theme file as written, before inheritance: the roles it sets (each attribute optional, so
/// a theme can change just the colour of a base theme's role) and the problems found reading it.
///
/// The format:
/// ```json
/// { "name": "sunset", "inherits": "default",
///   "roles": { "cta": { "fg": "#ffffff", "bg": 33, "bold": true } } }
/// ```
/// Colours are `"default"`, an integer 0–255 or `"#rrggbb"`; attributes are booleans.
struct ThemeFile {
    /// A role's attributes as given; nil or absent means "inherit".
    struct RoleSpec {
        var foreground: Color?
        var background: Color?
        var enabled = Style.Modifiers()
        var disabled = Style.Modifiers()

        func applied(to base: Style) -> Style {
            var style = base
            if let foreground { style.foreground = foreground }
            if let background { style.background = background }
            style.modifiers.subtract(disabled)
            style.modifiers.formUnion(enabled)
            return style
        }
    }

    static let topLevelKeys = ["name", "inherits", "description", "roles"]
    static let colorKeys = ["fg", "bg"]
    static let modifierKeys: [(String, Style.Modifiers)] = [
        ("bold", .bold), ("dim", .dim), ("underline", .underline), ("reverse", .reverse), ("italic", .italic),
    ]

    var path: String
    var name: String?
    var inherits: (name: String, line: Int, column: Int)?
    var roles: [ThemeRole: RoleSpec] = [:]
    /// Where missing-role errors point: the `roles` key, or the start of the file.
    var rolesLine = 1
    var rolesColumn = 1
    var diagnostics: [Diagnostic] = []
    /// False when the file could not be read or parsed: its roles are unknown, not missing.
    var isReadable = true

    /// Reads and checks the file at `path`; problems become diagnostics, never thrown errors.
    init(path: String) {
        self.path = path
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
        guard exists, !isDirectory.boolValue, let data = FileManager.default.contents(atPath: path) else {
            let reason =
                !exists
                ? "cannot read the file: no such file; check the path"
                : isDirectory.boolValue
                    ? "cannot read the file: it is a directory, not a file; name a theme file (.json)"
                    : "cannot read the file: it is not a regular file, or its permissions do not allow reading"
            report(.error, line: 1, column: 1, path: "", message: reason)
            isReadable = false
            return
        }
        parse(Array(data))
    }

    /// Checks `contents` as the file at `path` (the fuzzing harness hands bytes directly).
    init(path: String, contents: [UInt8]) {
        self.path = path
        parse(contents)
    }

    private mutating func parse(_ bytes: [UInt8]) {
        let lines = LineTable(bytes: bytes)
        do {
            let document = try JSONDocument(bytes: bytes)
            Reader(document: document, lines: lines, file: path).read(into: &self)
        } catch {
            report(
                .error, at: lines.location(ofOffset: error.offset, file: path), path: "",
                message: "invalid JSON: \(error.message)")
            isReadable = false
        }
    }

    mutating func report(
        _ severity: Severity, line: Int, column: Int, path: String, value: String? = nil, message: String
    ) {
        report(
            severity, at: SourceLocation(file: self.path, line: line, column: column), path: path,
            value: value,
            message: message)
    }

    mutating func report(
        _ severity: Severity, at location: SourceLocation, path: String, value: String? = nil, message: String
    ) {
        diagnostics.append(
            Diagnostic(severity: severity, location: location, path: path, value: value, message: message))
    }
}

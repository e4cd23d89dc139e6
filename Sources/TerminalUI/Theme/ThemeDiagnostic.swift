/// A problem found in a theme file, with where it is and what to do about it.
///
/// Shaped like the catalog linter's diagnostics so `kiosk lint` can print both alike:
/// `themes/sunset.json:12:14: error: roles.cta.fg = "#ff88": …`.
public struct ThemeDiagnostic: Hashable, Sendable, CustomStringConvertible {
    public enum Severity: String, Hashable, Sendable {
        case error
        case warning
    }

    public var file: String
    /// 1-based line of the offending key or value.
    public var line: Int
    /// 1-based column, counted in Unicode scalars.
    public var column: Int
    public var severity: Severity
    /// The key path in the file, e.g. `roles.cta.fg`; empty for the whole document.
    public var path: String
    /// The offending value as written, when there is one.
    public var value: String?
    /// What is wrong and how to fix it.
    public var message: String

    public init(
        file: String, line: Int, column: Int, severity: Severity, path: String, value: String? = nil,
        message: String
    ) {
        self.file = file
        self.line = line
        self.column = column
        self.severity = severity
        self.path = path
        self.value = value
        self.message = message
    }

    public var description: String {
        var subject = path
        if let value { subject += subject.isEmpty ? value : " = \(value)" }
        return "\(file):\(line):\(column): \(severity.rawValue): " + (subject.isEmpty ? "" : "\(subject): ")
            + message
    }
}

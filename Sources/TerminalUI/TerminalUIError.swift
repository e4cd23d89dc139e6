import SourceDiagnostics

/// Errors from the TerminalUI module.
public enum TerminalUIError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The theme file (or a theme it inherits from) has errors; each names its line and column.
    case invalidTheme(path: String, diagnostics: [Diagnostic])

    public var description: String {
        switch self {
        case .invalidTheme(let path, let diagnostics):
            let errors = diagnostics.errors
            return "theme \(path) cannot be used (\(errors.count) error\(errors.count == 1 ? "" : "s")):\n"
                + errors.map(DiagnosticFormatter.lineShowingValue).joined(separator: "\n")
        }
    }
}

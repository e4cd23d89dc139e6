import Catalog
import SourceDiagnostics
import Testing

/// Asserts that `diagnostics` holds exactly one diagnostic at `path` and checks it.
@discardableResult
func expectDiagnostic(
    _ diagnostics: [Diagnostic], _ severity: Severity, path: String, value: String?,
    at position: (line: Int, column: Int),
    messageContains fragment: String = "", sourceLocation: Testing.SourceLocation = #_sourceLocation
) -> Diagnostic? {
    let matches = diagnostics.filter { $0.path == path && $0.severity == severity }
    #expect(
        matches.count == 1, "want one \(severity) at \(path), got \(diagnostics)",
        sourceLocation: sourceLocation)
    guard let diagnostic = matches.first else { return nil }
    #expect(diagnostic.value == value, sourceLocation: sourceLocation)
    #expect(diagnostic.location.line == position.line, "line", sourceLocation: sourceLocation)
    #expect(diagnostic.location.column == position.column, "column", sourceLocation: sourceLocation)
    #expect(
        diagnostic.message.contains(fragment), "\(diagnostic.message) lacks \(fragment)",
        sourceLocation: sourceLocation)
    return diagnostic
}

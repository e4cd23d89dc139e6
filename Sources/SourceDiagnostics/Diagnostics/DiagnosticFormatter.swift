import Foundation

/// Renders diagnostics for people (one line each, compiler style) and for tools (JSON).
public enum DiagnosticFormatter {
    /// `file:line:col: error|warning: path: message`; the path is left out for the whole document.
    public static func line(for diagnostic: Diagnostic) -> String {
        let prefix = "\(diagnostic.location): \(diagnostic.severity.rawValue): "
        return diagnostic.path.isEmpty
            ? prefix + diagnostic.message : prefix + diagnostic.path + ": " + diagnostic.message
    }

    /// `file:line:col: error|warning: path = value: message`: the line with the offending value
    /// shown, for errors printed away from `kiosk lint` (a theme that cannot be used), where the
    /// reader has no JSON output to look the value up in.
    public static func lineShowingValue(for diagnostic: Diagnostic) -> String {
        var subject = diagnostic.path
        if let value = diagnostic.value { subject += subject.isEmpty ? value : " = \(value)" }
        return "\(diagnostic.location): \(diagnostic.severity.rawValue): "
            + (subject.isEmpty ? "" : "\(subject): ") + diagnostic.message
    }

    /// One line per diagnostic, each ending in a newline; empty when there is nothing to say.
    public static func text(_ diagnostics: [Diagnostic]) -> String {
        diagnostics.map { line(for: $0) + "\n" }.joined()
    }

    /// A JSON array of `{file, line, column, severity, path, value, message}` objects, in the
    /// order given, pretty-printed with sorted keys so the output is stable for scripts and tests.
    public static func json(_ diagnostics: [Diagnostic]) -> String {
        let rows = diagnostics.map(Row.init)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Encoding plain strings and integers cannot fail.
        let data = (try? encoder.encode(rows)) ?? Data("[]".utf8)
        return String(decoding: data, as: UTF8.self)
    }

    /// The flat shape of the JSON form; `value` is written as null when absent.
    private struct Row: Encodable {
        var file: String
        var line: Int
        var column: Int
        var severity: String
        var path: String
        var value: String?
        var message: String

        init(_ diagnostic: Diagnostic) {
            file = diagnostic.location.file
            line = diagnostic.location.line
            column = diagnostic.location.column
            severity = diagnostic.severity.rawValue
            path = diagnostic.path
            value = diagnostic.value
            message = diagnostic.message
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(file, forKey: .file)
            try container.encode(line, forKey: .line)
            try container.encode(column, forKey: .column)
            try container.encode(severity, forKey: .severity)
            try container.encode(path, forKey: .path)
            try container.encode(value, forKey: .value)
            try container.encode(message, forKey: .message)
        }

        enum CodingKeys: String, CodingKey {
            case file, line, column, severity, path, value, message
        }
    }
}

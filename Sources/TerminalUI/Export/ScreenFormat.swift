/// The file formats a rendered screen exports to, named by the extension users type.
public enum ScreenFormat: String, Hashable, Sendable, CaseIterable {
    /// Scalable vector graphics: true colours, a monospace font stack, one `<text>` per styled span.
    case svg
    /// A standalone HTML page: a `<pre>` of styled `<span>`s.
    case html
    /// The characters only, one line a row, trailing spaces trimmed.
    case text = "txt"
    /// The screen as terminal output: SGR escapes and text, one line a row (`cat` shows it).
    case ansi = "ans"

    /// The format a file name asks for by its extension (case-insensitive), nil for any other.
    public init?(path: String) {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
        self.init(rawValue: path[path.index(after: dot)...].lowercased())
    }

    /// The extensions accepted, for error messages: `.svg, .html, .txt, .ans`.
    public static var extensionList: String { allCases.map { "." + $0.rawValue }.joined(separator: ", ") }
}

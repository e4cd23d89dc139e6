/// A position in a source file: 1-based line and column, plus the byte offset it came from.
///
/// Columns count Unicode scalars from the start of the line, so a column points at the
/// same character in any editor that shows the file as UTF-8 text.
public struct SourceLocation: Sendable, Hashable, Codable, Comparable, CustomStringConvertible {
    /// The file as the caller named it (a path or a display name).
    public var file: String
    /// 1-based line number.
    public var line: Int
    /// 1-based column, in Unicode scalars.
    public var column: Int
    /// 0-based byte offset in the file, for tools that slice the bytes.
    public var offset: Int

    public init(file: String, line: Int, column: Int, offset: Int = 0) {
        self.file = file
        self.line = line
        self.column = column
        self.offset = offset
    }

    /// `file:line:column`, the form compilers and editors jump to.
    public var description: String { "\(file):\(line):\(column)" }

    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.file, lhs.line, lhs.column) < (rhs.file, rhs.line, rhs.column)
    }
}

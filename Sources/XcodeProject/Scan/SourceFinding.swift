/// Something a Swift file does that matters on Linux, at the line it does it.
public struct SourceFinding: Sendable, Equatable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        /// The file cannot compile on Linux as written; the run stops before compiling.
        case blocker
        /// Linux lacks it, but the generated package bridges it with Xcode's semantics.
        case bridged
    }

    public var file: String
    public var line: Int
    public var kind: Kind
    /// What the file does and what to do about it.
    public var message: String

    public init(file: String, line: Int, kind: Kind, message: String) {
        self.file = file
        self.line = line
        self.kind = kind
        self.message = message
    }

    /// `file:line: error: message` (a note for a bridged use), the form editors jump to.
    public var description: String { "\(file):\(line): \(kind == .blocker ? "error" : "note"): \(message)" }
}

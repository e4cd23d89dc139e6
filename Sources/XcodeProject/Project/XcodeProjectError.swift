import SourceDiagnostics

/// Why an Xcode project could not be read or used, in one message that names the file, the
/// object or the value at fault and what to do.
public struct XcodeProjectError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Where in a file the problem is, when it is in one.
    public var location: SourceLocation?
    public var message: String

    public init(_ message: String, at location: SourceLocation? = nil) {
        self.message = message
        self.location = location
    }

    public var description: String {
        guard let location else { return message }
        return "\(location): error: \(message)"
    }
}

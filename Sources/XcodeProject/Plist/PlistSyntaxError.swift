import SourceDiagnostics

/// Why an old-style property list could not be read, and where: the file, line and column of
/// the first byte that does not fit, with what was expected there.
public struct PlistSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    public var location: SourceLocation
    public var message: String

    public init(location: SourceLocation, message: String) {
        self.location = location
        self.message = message
    }

    /// `file:line:column: error: message`, the form editors jump to.
    public var description: String { "\(location): error: \(message)" }
}

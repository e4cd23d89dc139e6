/// One problem found in a data file (a catalog, a paywall sidecar, a theme): where it is,
/// which value it is about, and what to do about it.
///
/// Every module that lints a file uses this type together with `JSONDocument` and
/// `DiagnosticFormatter`, so every `kiosk lint` line looks the same.
public struct Diagnostic: Sendable, Hashable, Codable, CustomStringConvertible {
    public var severity: Severity
    public var location: SourceLocation
    /// The JSON path of the value, such as
    /// `subscriptionGroups[0].subscriptions[1].introductoryOffer.paymentMode`; empty for the
    /// whole document.
    public var path: String
    /// The offending value as written (strings without their quotes), or nil when the
    /// problem is something missing.
    public var value: String?
    /// What is wrong and what to do, in one sentence a user can act on.
    public var message: String

    public init(severity: Severity, location: SourceLocation, path: String, value: String?, message: String) {
        self.severity = severity
        self.location = location
        self.path = path
        self.value = value
        self.message = message
    }

    public var isError: Bool { severity == .error }

    /// `file:line:col: error: path: message`, as printed by `kiosk lint`.
    public var description: String { DiagnosticFormatter.line(for: self) }
}

extension Array where Element == Diagnostic {
    /// Whether any diagnostic is an error.
    public var containsErrors: Bool { contains(where: \.isError) }

    /// Only the errors.
    public var errors: [Diagnostic] { filter(\.isError) }

    /// Only the warnings.
    public var warnings: [Diagnostic] { filter { !$0.isError } }
}

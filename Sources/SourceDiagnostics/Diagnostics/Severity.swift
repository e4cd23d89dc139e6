/// How serious a `Diagnostic` is.
///
/// An error is something Xcode would refuse (the whole file fails to load there, so Kiosk
/// refuses it too); a warning is legal but probably not what the author meant.
public enum Severity: String, Sendable, Hashable, Codable, CaseIterable, Comparable {
    case warning
    case error

    public static func < (lhs: Severity, rhs: Severity) -> Bool {
        lhs == .warning && rhs == .error
    }
}

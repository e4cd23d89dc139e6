import SourceDiagnostics

/// Everything that can go wrong in the Catalog module.
public enum CatalogError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file could not be read.
    case unreadable(file: String, reason: String)
    /// The file was read but has errors (Xcode would refuse it); `diagnostics` lists them
    /// with the warnings.
    case invalid(file: String, diagnostics: [Diagnostic])
    /// The linter does not know what kind of file this is.
    case unsupportedFile(file: String)

    public var description: String {
        switch self {
        case .unreadable(let file, let reason):
            return "\(file): cannot read the file: \(reason)"
        case .invalid(let file, let diagnostics):
            let errors = diagnostics.errors
            let shown = errors.prefix(5).map { "\n  " + $0.description }.joined()
            let more =
                errors.count > 5 ? "\n  ... and \(errors.count - 5) more (run `kiosk lint \(file)`)" : ""
            return "\(file): \(errors.count) error\(errors.count == 1 ? "" : "s"):" + shown + more
        case .unsupportedFile(let file):
            return "\(file): not a catalog; expected a .storekit or .paywall.json file"
        }
    }
}

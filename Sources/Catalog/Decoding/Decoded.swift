import SourceDiagnostics

/// The outcome of decoding a file: the value (nil when the file could not be read at all)
/// and everything found wrong with it, in file order.
///
/// A value is present even when there are errors, holding what could be decoded; callers
/// that need Xcode's all-or-nothing behaviour check `diagnostics.containsErrors` (or use
/// `get()`).
public struct Decoded<Value: Sendable>: Sendable {
    public var value: Value?
    public var diagnostics: [Diagnostic]

    public init(value: Value?, diagnostics: [Diagnostic]) {
        self.value = value
        self.diagnostics = diagnostics
    }

    /// Whether the file is usable: a value and no errors (warnings allowed).
    public var isValid: Bool { value != nil && !diagnostics.containsErrors }

    /// The value, or `CatalogError.invalid` listing the diagnostics if there is any error.
    public func get(file: String) throws(CatalogError) -> Value {
        guard let value, !diagnostics.containsErrors else {
            throw .invalid(file: file, diagnostics: diagnostics)
        }
        return value
    }
}

import SourceDiagnostics

/// Checks catalogs and paywall sidecars for `kiosk lint`.
///
/// ```swift
/// let diagnostics = try CatalogLinter.lint(path: "catalogs/Pro.storekit")
/// print(DiagnosticFormatter.text(diagnostics), terminator: "")
/// exit(diagnostics.isEmpty ? 0 : 1)
/// ```
public enum CatalogLinter {
    /// Whether `path` names a file this linter checks (`.storekit` or `.paywall.json`).
    public static func handles(path: String) -> Bool {
        path.hasSuffix(".storekit") || path.hasSuffix(".paywall.json")
    }

    /// Every problem in the file, in file order. A `.storekit` file is checked together
    /// with its sidecar `NAME.paywall.json` when there is one; a sidecar is checked against
    /// the catalog beside it, if any, so an unknown `leadingGroupID` is caught either way.
    ///
    /// - Throws: `CatalogError.unreadable` or `.unsupportedFile`; problems *in* the file are
    ///   returned, not thrown.
    public static func lint(path: String) throws(CatalogError) -> [Diagnostic] {
        if path.hasSuffix(".paywall.json") {
            let catalogPath = PaywallCopy.catalogPath(forSidecarAt: path)
            let groupIDs = CatalogFile.exists(catalogPath) ? try groupIDs(ofCatalogAt: catalogPath) : nil
            return PaywallCopy.decode(try CatalogFile.read(path), file: path, groupIDs: groupIDs).diagnostics
        }
        guard path.hasSuffix(".storekit") else { throw .unsupportedFile(file: path) }
        let bytes = try CatalogFile.read(path)
        let catalog = StoreKitConfiguration.decode(bytes, file: path)
        let sidecar = PaywallCopy.sidecarPath(forCatalogAt: path)
        var copy: Decoded<PaywallCopy>?
        var plans: [Diagnostic] = []
        if CatalogFile.exists(sidecar) {
            let groupIDs = catalog.value.map { Set($0.subscriptionGroups.map(\.id)) }
            let copyBytes = try CatalogFile.read(sidecar)
            copy = PaywallCopy.decode(copyBytes, file: sidecar, groupIDs: groupIDs)
            plans = catalog.value.map { copyPlanErrors($0, copyBytes: copyBytes, file: sidecar) } ?? []
        }
        let policies =
            catalog.value.map { policyWarnings($0, copy: copy?.value, bytes: bytes, file: path) } ?? []
        return catalog.diagnostics + policies + (copy?.diagnostics ?? []) + plans
    }

    /// Lints bytes that are not in a file (an editor buffer, a test), by the file name's suffix.
    public static func lint(_ bytes: [UInt8], file: String, groupIDs: Set<String>? = nil) throws(CatalogError)
        -> [Diagnostic]
    {
        if file.hasSuffix(".paywall.json") {
            return PaywallCopy.decode(bytes, file: file, groupIDs: groupIDs).diagnostics
        }
        guard file.hasSuffix(".storekit") else { throw .unsupportedFile(file: file) }
        return StoreKitConfiguration.decode(bytes, file: file).diagnostics
    }

    private static func groupIDs(ofCatalogAt path: String) throws(CatalogError) -> Set<String>? {
        StoreKitConfiguration.decode(try CatalogFile.read(path), file: path).value.map {
            Set($0.subscriptionGroups.map(\.id))
        }
    }
}

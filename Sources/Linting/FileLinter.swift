import Catalog
import Foundation
import Rehearsal
import SourceDiagnostics
import StoreCore
import TerminalUI
import XcodeProject

/// What `kiosk lint` checks in one file: catalogs (`.storekit`), paywall copy, themes,
/// rehearsals and Xcode projects (what `kiosk xctest` would refuse), each with its own
/// parser's located diagnostics. The bundled themes and catalogs
/// it resolves names against are handed in, so the checks read no place of their own.
public struct FileLinter: Sendable {
    /// The folder of the bundled themes a theme may inherit from.
    public var bundledThemes: String
    /// The path of a bundled catalog by name (a rehearsal's `catalog demo`), nil for no such name.
    public var bundledCatalog: @Sendable (String) -> String?
    /// The catalog a rehearsal without a `catalog` line runs on.
    public var defaultCatalog: String

    public init(
        bundledThemes: String, bundledCatalog: @escaping @Sendable (String) -> String?, defaultCatalog: String
    ) {
        self.bundledThemes = bundledThemes
        self.bundledCatalog = bundledCatalog
        self.defaultCatalog = defaultCatalog
    }

    /// Diagnostics for one file; a file that cannot be read or is of an unknown kind is itself
    /// an error diagnostic, so one bad argument does not hide the others' results.
    public func lint(_ file: String) -> [Diagnostic] {
        let start = SourceLocation(file: file, line: 1, column: 1, offset: 0)
        do {
            if CatalogLinter.handles(path: file) {
                let found = try CatalogLinter.lint(path: file)
                guard file.hasSuffix(".storekit"), let data = FileManager.default.contents(atPath: file)
                else {
                    return found
                }
                return found + OfferKeyLinter.warnings([UInt8](data), file: file)
            }
            if file.hasSuffix(".rehearsal") { return lintRehearsal(file) }
            if XcodeProjectLinter.handles(path: file) { return XcodeProjectLinter.lint(path: file) }
            if file.hasSuffix(".json") {
                guard let data = FileManager.default.contents(atPath: file) else {
                    return ThemeLinter.lint(path: file)  // names the unreadable file
                }
                let bytes = [UInt8](data)
                let (kind, reason) = LintFileKind.detect(path: file, bytes: bytes)
                var found: [Diagnostic]
                switch kind {
                case .theme:
                    found = ThemeLinter.lint(path: file, bundledThemes: bundledThemes)

                case .catalog:
                    found =
                        StoreKitConfiguration.decode(bytes, file: file).diagnostics
                        + OfferKeyLinter.warnings(bytes, file: file)
                case .paywallCopy: found = PaywallCopy.decode(bytes, file: file).diagnostics
                }
                // Say which kind was assumed when the name did not decide it and it matters:
                // always for a catalog or copy under a theme's name, for a theme only when it has errors.
                if let reason, kind != .theme || found.containsErrors {
                    found.append(kind.note(file: file, reason: reason))
                }
                return found
            }
            return [
                Diagnostic(
                    severity: .error, location: start, path: "", value: nil,
                    message:
                        "not a file kiosk lint knows: name a .storekit catalog, a .paywall.json, a theme .json, a .rehearsal or an .xcodeproj"
                )
            ]
        } catch {
            return [Diagnostic(severity: .error, location: start, path: "", value: nil, message: "\(error)")]
        }
    }

    /// A `.rehearsal` file's located errors: the same parse `kiosk rehearse` does first (keys
    /// and expectation forms, with suggestions), then every product ID it names against the
    /// catalog it runs on. A catalog that does not load is said in a warning: its products
    /// cannot be checked, and linting the catalog itself says why.
    public func lintRehearsal(_ path: String) -> [Diagnostic] {
        switch RehearsalParser.parse(path: path) {
        case .success(let script):
            // No catalog to check the products against (an unknown bundled name on the `catalog`
            // line, which `kiosk rehearse` refuses when it runs): nothing more to say here.
            guard
                let catalogPath = script.catalogPath(bundled: bundledCatalog, defaultCatalog: defaultCatalog)
            else { return [] }
            do {
                let catalog = try LoadedCatalog.load(contentsOf: catalogPath)
                return script.unknownProducts(in: catalog.products().map(\.id))
            } catch {
                return [
                    Diagnostic(
                        severity: .warning, location: SourceLocation(file: path, line: 1, column: 1),
                        path: "",
                        value: catalogPath,
                        message:
                            "its product IDs were not checked: the catalog it runs on, \(catalogPath), does not load; "
                            + "run kiosk lint \(catalogPath) for why")
                ]
            }
        case .failure(let error): return error.diagnostics
        }
    }
}

import Catalog
import CatalogReview
import CommandLineOptions
import Foundation
import Paywall
import PaywallLaunch
import TerminalUI

/// `kiosk lint --review CATALOG...`: the App Review checks over every paywall template,
/// locale and customer state, each on a fresh in-memory store (docs/catalogs.md).
extension LintCommand {
    func review() async throws -> ExitCode {
        var findings: [ReviewFinding] = []
        var causes: [ReviewCause] = []
        for file in files {
            guard file.hasSuffix(".storekit") else {
                throw UsageError("--review renders a catalog's paywall: name a .storekit file, not \(file)")
            }
            let found = try await Self.review(catalogAt: file, locales: reviewLocales)
            findings += found
            causes += ReviewCause.of(found, catalogAt: file)
        }
        if json {
            Console.print(try CatalogReviewer.json(findings))
        } else {
            // One line per cause, where to fix it: not one per screen it shows on.
            for cause in causes { Console.print(cause.line) }
            let count = causes.count
            Console.error(
                "\(files.count) catalog\(files.count == 1 ? "" : "s") reviewed: "
                    + "\(count) App Review problem\(count == 1 ? "" : "s")"
                    + (findings.isEmpty ? "" : " on \(findings.count) screens"))
        }
        return findings.isEmpty ? .success : .failure
    }

    /// Every finding for the catalog at `path` and its paywall copy, in `locales` (every locale
    /// the paywall speaks and the copy has when nil), drawn in the bundled default theme; a
    /// catalog that does not load fails with its diagnostics (exit 65).
    static func review(catalogAt path: String, locales: [String]? = nil) async throws -> [ReviewFinding] {
        let catalog: LoadedCatalog
        do {
            catalog = try LoadedCatalog.load(contentsOf: path)
        } catch {
            throw CommandFailure("kiosk: \(error)", exit: .dataError)
        }
        let theme = try Theme.load(
            path: BundledResources.themesDirectory.appendingPathComponent("default.json").path)
        return try await CatalogReviewer.findings(catalog: catalog, theme: theme, locales: locales)
    }
}

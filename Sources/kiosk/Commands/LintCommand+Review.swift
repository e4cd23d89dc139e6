import Catalog
import CommandLineOptions
import Foundation
import Paywall
import PaywallCatalog
import Signing
import Simulator
import StoreCore
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
            Console.print(Self.json(findings))
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

    /// Every finding for one catalog and its paywall copy, in `locales` (every locale the
    /// paywall speaks and the copy has when nil).
    static func review(catalogAt path: String, locales: [String]? = nil) async throws -> [ReviewFinding] {
        let catalog: LoadedCatalog
        do {
            catalog = try LoadedCatalog.load(contentsOf: path)
        } catch {
            throw CommandFailure("kiosk: \(error)", exit: .dataError)
        }
        let theme = try Theme.load(
            path: BundledResources.themesDirectory.appendingPathComponent("default.json").path)
        let content = PaywallContent(catalog: catalog)
        let locales =
            locales ?? Array(Set(PaywallContent.shippedLocales + (catalog.paywall?.locales ?? []))).sorted()
        return try await PaywallReview.run(
            makeStore: {
                try SimulatedStore(
                    catalog: catalog, ledger: .memory,
                    signer: try CoveringSigner(authority: try CertificateAuthority.ephemeral()),
                    frozenClock: true)
            }, content: content, theme: theme, locales: locales)
    }

    /// `[{template, locale, state, plan, size, message}]`.
    static func json(_ findings: [ReviewFinding]) -> String {
        let objects: [[String: String]] = findings.map {
            [
                "template": $0.template.rawValue, "locale": $0.locale, "state": $0.state,
                "plan": $0.plan ?? "",
                "size": "\($0.size)", "message": $0.message,
            ]
        }
        let data =
            (try? JSONSerialization.data(withJSONObject: objects, options: [.sortedKeys, .prettyPrinted]))
            ?? Data()
        return String(decoding: data, as: UTF8.self)
    }
}

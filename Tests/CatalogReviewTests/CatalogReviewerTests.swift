import Catalog
import CatalogReview
import Foundation
import Paywall
import SourceDiagnostics
import TerminalUI
import TestSupport
import Testing

/// The App Review checks over a catalog, and their findings by cause at the place to fix them
/// (`kiosk lint --review`'s exit codes: `CLITests/LintReviewCommandTests`).
@Suite struct CatalogReviewerTests {
    func review(_ path: String, locales: [String]) async throws -> [ReviewFinding] {
        let theme = try Theme.load(path: PackageFiles.themesDirectory + "/default.json")
        return try await CatalogReviewer.findings(
            catalog: try LoadedCatalog.load(contentsOf: path), theme: theme, locales: locales)
    }

    @Test func aCatalogWithoutPoliciesFailsTheReviewNamingTheMissingLinks() async throws {
        let path = PackageFiles.catalog("minimal")
        let findings = try await review(path, locales: ["ja", "ar"])
        #expect(Set(findings.map(\.message)) == ["Terms of Use link missing", "Privacy Policy link missing"])
        #expect(Set(findings.map(\.template)) == Set(PaywallTemplate.allCases))
        // The catalog's one plan is held by a subscriber and asked for in the pending state: not
        // for sale there, so nothing to disclose (docs/behaviour.md).
        #expect(Set(findings.map(\.state)) == ["eligible", "ineligible"])
        #expect(Set(findings.map(\.locale)) == ["ar", "ja"])
        // Two causes, each once, at the place to fix them: not one line per screen.
        let causes = ReviewCause.of(findings, catalogAt: path)
        #expect(causes.map(\.problem) == ["no Terms of Use to link to", "no Privacy Policy to link to"])
        #expect(causes.allSatisfy { $0.location?.file == path && $0.location?.line == 1 })
        #expect(causes.map(\.findings.count).reduce(0, +) == findings.count)
        #expect(causes[0].line.hasPrefix("\(path):1:1: App Review: no Terms of Use to link to; add \"eula\""))
        let json =
            try JSONSerialization.jsonObject(with: Data(try CatalogReviewer.json(findings).utf8))
            as? [[String: String]]
        #expect(json?.count == findings.count)
        #expect(json?.first?.keys.sorted() == ["locale", "message", "plan", "size", "state", "template"])
    }

    /// The demo without its policies: every customer state is reviewed, billing retry too, and
    /// the causes point at the copy's and the catalog's lines.
    @Test func everyStateIsReviewedAndCausesNameTheirPlace() async throws {
        let directory = try TemporaryDemo()
        defer { directory.remove() }
        let path = try directory.demo(named: "demo.storekit") { catalog in catalog["appPolicies"] = nil }
        let findings = try await review(path, locales: ["en_US"])
        #expect(Set(findings.map(\.state)) == Set(PaywallReview.CustomerState.allCases.map(\.rawValue)))
        let causes = ReviewCause.of(findings, catalogAt: path)
        #expect(causes.count == 2, "\(causes.map(\.line))")
    }

    /// A catalog that turns Ask to Buy on (Xcode's `_askToBuyEnabled`) is reviewed in every
    /// customer state: the purchases that reach a state are not held for approval (the review
    /// stopped with "has no active subscription" when they were).
    @Test func aCatalogWithAskToBuyOnIsReviewedInEveryState() async throws {
        let directory = try TemporaryDemo()
        defer { directory.remove() }
        let path = try directory.demo(named: "ask-to-buy.storekit") { catalog in
            var settings = try #require(catalog["settings"] as? [String: Any])
            settings["_askToBuyEnabled"] = true
            catalog["settings"] = settings
            catalog["appPolicies"] = nil
        }
        let findings = try await review(path, locales: ["en_US"])
        #expect(Set(findings.map(\.state)) == Set(PaywallReview.CustomerState.allCases.map(\.rawValue)))
    }
}

/// A temporary directory for copies of the demo catalog with a change made to them.
private struct TemporaryDemo {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
        "kiosk-review-\(UUID().uuidString)")

    init() throws {
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// The path of a copy of the demo named `name`, its JSON changed by `change`.
    func demo(named name: String, _ change: (inout [String: Any]) throws -> Void) throws -> String {
        let data = try Data(contentsOf: URL(fileURLWithPath: PackageFiles.catalog("demo")))
        var catalog = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        try change(&catalog)
        let path = url.appendingPathComponent(name).path
        try JSONSerialization.data(withJSONObject: catalog, options: [.prettyPrinted]).write(
            to: URL(fileURLWithPath: path))
        return path
    }

    func remove() { try? FileManager.default.removeItem(at: url) }
}

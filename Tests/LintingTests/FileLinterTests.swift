import Foundation
import Linting
import SourceDiagnostics
import TestSupport
import Testing

/// What `kiosk lint` finds in one file (its exit codes: `CLITests/LintCommandTests`).
@Suite final class FileLinterTests: Sendable {
    /// Where `write` puts files: one folder per test, removed when the test ends (Swift
    /// Testing makes a suite instance per test).
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
        "kiosk-lint-\(UUID().uuidString)")

    deinit { try? FileManager.default.removeItem(at: scratch) }

    func write(_ text: String, name: String) throws -> String {
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        let url = scratch.appendingPathComponent("\(UUID().uuidString)-\(name)")
        try Data(text.utf8).write(to: url)
        return url.path
    }

    @Test func bundledCatalogsAreClean() {
        let files = ["demo.storekit", "shelf.storekit", "demo.paywall.json"].map {
            PackageFiles.root.appendingPathComponent("catalogs/\($0)").path
        }
        for file in files { #expect(FileLinter.bundled.lint(file).isEmpty, "\(file)") }
    }

    /// A catalog that sells subscriptions with nothing for its paywall to link to as Terms of
    /// Use and Privacy Policy (the bundled minimal one) is warned about both, at its top.
    @Test func aCatalogWithoutPoliciesIsWarnedAbout() {
        let minimal = PackageFiles.catalog("minimal")
        let diagnostics = FileLinter.bundled.lint(minimal)
        #expect(
            diagnostics.allSatisfy { !$0.isError && $0.location.file == minimal && $0.location.line == 1 })
        #expect(diagnostics.contains { $0.message.hasPrefix("no Terms of Use for the paywall to link to") })
        #expect(diagnostics.contains { $0.message.hasPrefix("no Privacy Policy for the paywall to link to") })
        #expect(diagnostics.count == 2)
    }

    @Test func errorsNameFileLineAndValue() throws {
        let file = try write(
            #"{"version":{"major":2,"minor":0},"products":[{"productID":"a","type":"Subscription","displayPrice":"1","localizations":[]}],"subscriptionGroups":[],"settings":{}}"#,
            name: "bad.storekit")
        let diagnostics = FileLinter.bundled.lint(file)
        let error = try #require(diagnostics.first { $0.isError })
        #expect(error.location.file == file)
        #expect(error.location.line == 1)
        #expect(error.path == "products[0].type")
        #expect(error.value == "Subscription")
    }

    @Test func unknownKindsAndMissingFilesAreErrorsNotCrashes() {
        #expect(FileLinter.bundled.lint("/nonexistent/x.storekit").first?.isError == true)
        #expect(
            FileLinter.bundled.lint(PackageFiles.root.appendingPathComponent("Package.swift").path).first?
                .isError
                == true)
    }

    /// Paywall copy under another name is linted as copy (not as a theme) and says why.
    @Test func aJSONFileIsJudgedByItsContent() throws {
        let copy = try write(
            #"{"version": 1, "defaultLocale": "en_US", "localizations": {"en_US": {"title": "Pro"}}}"#,
            name: "copy.json")
        let diagnostics = FileLinter.bundled.lint(copy)
        #expect(!diagnostics.containsErrors, "\(diagnostics)")
        let note = try #require(diagnostics.last)
        #expect(note.message.contains("linted as paywall copy because it has \"localizations\""))
        #expect(note.message.contains(".paywall.json"))
        let theme = try write(#"{"inherits": "default", "roles": {"accent": {"fg": 5}}}"#, name: "mine.json")
        #expect(
            LintFileKind.detect(path: theme, bytes: Array(try Data(contentsOf: URL(fileURLWithPath: theme))))
                .kind == .theme)
        let catalog = try write(#"{"products": [], "subscriptionGroups": []}"#, name: "shop.json")
        #expect(FileLinter.bundled.lint(catalog).contains { $0.message.contains("linted as a catalog") })
    }
}

/// A paywall copy's `defaultPlan` and `badges` must name subscriptions the catalog sells.
@Suite struct CopyPlanLintTests {
    @Test func anUnknownDefaultPlanIsAnErrorThatSuggests() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "kiosk-copy-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let root = PackageFiles.root.appendingPathComponent("catalogs")
        try FileManager.default.copyItem(
            at: root.appendingPathComponent("demo.storekit"),
            to: directory.appendingPathComponent("demo.storekit"))
        var copy = try String(contentsOf: root.appendingPathComponent("demo.paywall.json"), encoding: .utf8)
        copy = copy.replacingOccurrences(
            of: "\"defaultLocale\"",
            with:
                "\"defaultPlan\": \"com.kiosk.lumen.pro.anual\", \"badges\": {\"nope\": \"bestValue\"}, \"defaultLocale\""
        )
        try copy.write(
            to: directory.appendingPathComponent("demo.paywall.json"), atomically: true, encoding: .utf8)
        let diagnostics = FileLinter.bundled.lint(directory.appendingPathComponent("demo.storekit").path)
        let errors = diagnostics.filter(\.isError).map(\.message)
        #expect(
            errors.contains {
                $0.contains("\"com.kiosk.lumen.pro.anual\" (did you mean \"com.kiosk.lumen.pro.annual\"?)")
            }, "\(errors)")
        #expect(errors.contains { $0.contains("\"nope\"") }, "\(errors)")
    }
}

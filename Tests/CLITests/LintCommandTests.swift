import Foundation
import Testing
import kiosk

/// `kiosk lint`'s exit codes (what it finds in each file: `LintingTests/FileLinterTests`).
@Suite final class LintCommandTests: Sendable {
    /// Where `write` puts files: one folder per test, removed when the test ends (Swift
    /// Testing makes a suite instance per test).
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
        "kiosk-lint-\(UUID().uuidString)")

    deinit { try? FileManager.default.removeItem(at: scratch) }

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    func write(_ text: String, name: String) throws -> String {
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        let url = scratch.appendingPathComponent("\(UUID().uuidString)-\(name)")
        try Data(text.utf8).write(to: url)
        return url.path
    }

    @Test func bundledCatalogsAreClean() async {
        let files = ["demo.storekit", "shelf.storekit", "demo.paywall.json"].map {
            Self.root.appendingPathComponent("catalogs/\($0)").path
        }
        #expect(await Kiosk.run(["lint", "--strict"] + files) == 0)
    }

    /// The bundled minimal catalog has warnings only: exit 0, and 1 with `--strict`.
    @Test func aCatalogWithoutPoliciesIsWarnedAbout() async {
        let minimal = Self.root.appendingPathComponent("catalogs/minimal.storekit").path
        #expect(await Kiosk.run(["lint", minimal]) == 0, "warnings only")
        #expect(await Kiosk.run(["lint", "--strict", minimal]) == 1)
    }

    @Test func errorsExitOne() async throws {
        let file = try write(
            #"{"version":{"major":2,"minor":0},"products":[{"productID":"a","type":"Subscription","displayPrice":"1","localizations":[]}],"subscriptionGroups":[],"settings":{}}"#,
            name: "bad.storekit")
        #expect(await Kiosk.run(["lint", file]) == 1)
    }

    @Test func usageErrorsExit64() async {
        #expect(await Kiosk.run(["lint"]) == 64)
        #expect(await Kiosk.run(["lint", "--bogus", "x"]) == 64)
    }
}

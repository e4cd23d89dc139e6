import Foundation
import Linting
import SourceDiagnostics
import TestSupport
import Testing

/// `kiosk lint` on a rehearsal (issue 27) checks what the parse alone cannot: the product IDs
/// against the catalog the rehearsal runs on, and keys and expectation forms with a suggestion.
@Suite struct RehearsalLintTests {
    func lint(_ text: String) throws -> [String] {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("lint-\(UUID()).rehearsal")
            .path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        return FileLinter.bundled.lintRehearsal(path).map(\.message)
    }

    @Test func misspeltProductsKeysAndExpectationsAreNamedWithTheNearestRightOne() throws {
        let products = try lint(
            "buy com.kiosk.lumen.lifetme\nexpect entitlement com.kiosk.lumen.pro.monthy\n"
                + "refund last com.kiosk.lumen.filmpak\n")
        #expect(
            products == [
                "no product 'com.kiosk.lumen.lifetme' in the catalog; did you mean 'com.kiosk.lumen.lifetime'?",
                "no product 'com.kiosk.lumen.pro.monthy' in the catalog; did you mean 'com.kiosk.lumen.pro.monthly'?",
                "no product 'com.kiosk.lumen.filmpak' in the catalog; did you mean 'com.kiosk.lumen.filmpack'?",
            ])
        #expect(try lint("press dwon\n").first?.hasSuffix("did you mean 'down'?") == true)
        #expect(
            try lint("expect entitlment com.kiosk.lumen.lifetime\n").first?.hasPrefix(
                "unknown expectation 'entitlment'; did you mean 'expect entitlement'?") == true)
    }

    @Test func theCatalogLineChoosesTheProducts() throws {
        #expect(try lint("catalog shelf\nbuy com.kiosk.lumen.pro.monthly\n").count == 1)
        #expect(
            try lint("buy com.kiosk.lumen.pro.monthly\nexpect no entitlement com.kiosk.lumen.lifetime\n")
                .isEmpty)
    }

    /// A rehearsal whose catalog does not load cannot have its products checked: it says so,
    /// rather than passing as if every product were sold.
    @Test func aCatalogThatDoesNotLoadIsSaid() throws {
        let diagnostics = try lint("catalog /nonexistent/shop.storekit\nbuy com.kiosk.lumen.lifetme\n")
        #expect(diagnostics.count == 1)
        #expect(
            diagnostics.first?.hasPrefix(
                "its product IDs were not checked: the catalog it runs on, /nonexistent/shop.storekit, does not load"
            )
                == true, "\(diagnostics)")
    }
}

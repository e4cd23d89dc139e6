import Catalog
import Foundation
import SourceDiagnostics  // Diagnostic, DiagnosticFormatter, JSONDocument, Suggestion
import StoreCore  // Product, Storefront and the other StoreKit-shaped types
import Testing

/// The example of docs/catalogs.md ("For developers: the Catalog API"), line for line: the doc
/// snippet test checks that every line of the example is here, and this runs them.
@Suite struct CatalogAPIExampleTests {
    @Test func theDocumentedExampleRuns() throws {
        // Run from the package root, as `swift test` is.
        try #require(
            FileManager.default.fileExists(atPath: "catalogs/demo.storekit"), "run from the package root")
        let catalog = try LoadedCatalog.load(contentsOf: "catalogs/demo.storekit")  // throws CatalogError
        let products = catalog.products(locale: "de_DE", storefront: Storefront(alpha3: "DEU"))  // [Product]
        let settings = catalog.settings  // StoreSettings
        let errors = catalog.simulatedErrors  // [FailableAPI: SimulatedFailure]
        let groups = catalog.subscriptionGroups()  // [CatalogSubscriptionGroup], leading group first
        let policies = catalog.policies(locale: "de_DE")  // CatalogPolicies (appPolicies, then sidecar)
        let copy = catalog.paywallCopy(locale: "de_DE")  // PaywallLocalization?
        let warnings = catalog.warnings  // [Diagnostic]

        let diagnostics = try CatalogLinter.lint(path: "catalogs/demo.storekit")  // [Diagnostic]
        print(DiagnosticFormatter.text(diagnostics), terminator: "")
        print(DiagnosticFormatter.json(diagnostics))

        #expect(products.contains { $0.displayPrice.contains("€") })
        #expect(settings.storefront == "USA")
        #expect(errors.isEmpty)
        #expect(!groups.isEmpty)
        #expect(policies.termsOfServiceURL != nil || policies.termsOfServiceText != nil)
        #expect(copy != nil)
        #expect(warnings.isEmpty && diagnostics.isEmpty)
    }
}

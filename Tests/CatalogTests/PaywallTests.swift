import Catalog
import Foundation
import SourceDiagnostics
import StoreCore
import Testing

@Suite("Paywall sidecar")
struct PaywallTests {
    static let sidecar = """
        {
          "version": 1,
          "defaultLocale": "en_US",
          "leadingGroupID": "G1",
          "localizations": {
            "en_US": {
              "title": "Go Pro", "subtitle": "Everything, everywhere",
              "features": [ { "title": "Sync", "detail": "On every device", "symbol": "★" } ],
              "callToAction": "Subscribe", "callToActionWithIntroOffer": "Start free trial",
              "termsOfService": { "url": "https://example.com/terms" },
              "privacyPolicy": { "text": "We keep nothing.", "url": "https://example.com/privacy" }
            },
            "zh": { "title": "专业版" },
            "zh_Hant": { "title": "專業版" }
          }
        }
        """

    static func decode(_ text: String, groupIDs: Set<String>? = ["G1"]) -> Decoded<PaywallCopy> {
        PaywallCopy.decode(Array(text.utf8), file: "Pro.paywall.json", groupIDs: groupIDs)
    }

    @Test func decodesEverything() throws {
        let decoded = Self.decode(Self.sidecar)
        #expect(decoded.diagnostics.isEmpty)
        let copy = try #require(decoded.value)
        #expect(copy.leadingGroupID == "G1")
        let english = try #require(copy.localization(for: "en_US"))
        #expect(english.title == "Go Pro" && english.subtitle == "Everything, everywhere")
        #expect(english.features == [PaywallFeature(title: "Sync", detail: "On every device", symbol: "★")])
        #expect(
            english.callToAction == "Subscribe" && english.callToActionWithIntroOffer == "Start free trial")
        #expect(english.termsOfService == PaywallLink(url: "https://example.com/terms"))
        #expect(english.privacyPolicy?.text == "We keep nothing.")
    }

    @Test(arguments: [
        ("zh_Hant", "專業版"), ("zh_Hans", "专业版"), ("zh-Hans", "专业版"), ("de_DE", "Go Pro"), ("en_GB", "Go Pro"),
    ])
    func lookupFallsBack(locale: String, title: String) throws {
        let copy = try #require(Self.decode(Self.sidecar).value)
        #expect(copy.localization(for: locale)?.title == title)
    }

    @Test func unknownLeadingGroupIsAnError() {
        let text = Self.sidecar.replacingOccurrences(of: "\"G1\"", with: "\"G9\"")
        expectDiagnostic(
            Self.decode(text).diagnostics, .error, path: "leadingGroupID", value: "G9",
            at: Fixtures.position(of: "\"G9\"", in: text), messageContains: "use one of: G1")
    }

    @Test func missingDefaultLocaleIsAWarning() {
        let text = Self.sidecar.replacingOccurrences(
            of: "\"defaultLocale\": \"en_US\"", with: "\"defaultLocale\": \"fr_FR\"")
        expectDiagnostic(
            Self.decode(text).diagnostics, .warning, path: "localizations", value: nil,
            at: Fixtures.position(of: "{\n    \"en_US\"", in: text),
            messageContains: "no copy for the default locale fr_FR")
    }

    @Test func otherProblems() {
        let text = Self.sidecar.replacingOccurrences(of: "\"version\": 1", with: "\"version\": 2")
            .replacingOccurrences(of: "\"title\": \"Sync\", ", with: "")
            .replacingOccurrences(of: "https://example.com/terms", with: "example.com/terms")
            .replacingOccurrences(of: "\"subtitle\"", with: "\"subTitle\"")
        let diagnostics = Self.decode(text).diagnostics
        expectDiagnostic(
            diagnostics, .error, path: "version", value: "2", at: Fixtures.position(of: "2", in: text),
            messageContains: "use 1")
        expectDiagnostic(
            diagnostics, .error, path: "localizations.en_US.features[0].title", value: nil,
            at: Fixtures.position(of: "{ \"detail\"", in: text), messageContains: "missing required key")
        expectDiagnostic(
            diagnostics, .warning, path: "localizations.en_US.termsOfService.url", value: "example.com/terms",
            at: Fixtures.position(of: "\"example.com/terms\"", in: text), messageContains: "https://")
        expectDiagnostic(
            diagnostics, .warning, path: "localizations.en_US.subTitle", value: "subTitle",
            at: Fixtures.position(of: "\"subTitle\"", in: text), messageContains: "did you mean \"subtitle\"")
    }

    /// The App Store wants policy links over TLS; an http:// link is a warning that names the fix.
    @Test func plainHTTPLinksAreAWarning() {
        let text = Self.sidecar.replacingOccurrences(
            of: "https://example.com/terms", with: "http://example.com/terms")
        expectDiagnostic(
            Self.decode(text).diagnostics, .warning, path: "localizations.en_US.termsOfService.url",
            value: "http://example.com/terms",
            at: Fixtures.position(of: "\"http://example.com/terms\"", in: text),
            messageContains: "write \"https://example.com/terms\"")
        #expect(Self.decode(Self.sidecar).diagnostics.isEmpty)
    }
}

@Suite("Loading and linting files")
struct LoadingTests {
    /// A fresh directory holding `Pro.storekit` and, optionally, `Pro.paywall.json`.
    func directory(catalog: String = Fixtures.base, sidecar: String? = PaywallTests.sidecar) throws -> String
    {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "kiosk-catalog-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data(catalog.utf8).write(to: directory.appendingPathComponent("Pro.storekit"))
        if let sidecar {
            try Data(sidecar.utf8).write(to: directory.appendingPathComponent("Pro.paywall.json"))
        }
        return directory.path
    }

    @Test func loadsCatalogWithSidecar() throws {
        let appPolicies = """
            "appPolicies" : { "eula" : "", "policies" : [ { "locale" : "en_US", "policyText" : "", "policyURL" : "https://own.example/privacy" } ] },
            "products"
            """
        let root = try directory(catalog: Fixtures.base(replacing: "\"products\"", with: appPolicies))
        defer { try? FileManager.default.removeItem(atPath: root) }
        let catalog = try LoadedCatalog.load(contentsOf: root + "/Pro.storekit")
        #expect(catalog.products().map(\.id) == ["coin", "pro.monthly"])
        #expect(catalog.settings.storefront == "USA")
        #expect(catalog.simulatedErrors.isEmpty)
        #expect(catalog.leadingGroupID == "G1")
        #expect(catalog.paywallCopy(locale: "zh_Hans")?.title == "专业版")
        #expect(
            catalog.policies()
                == CatalogPolicies(
                    termsOfServiceURL: "https://example.com/terms", privacyPolicyText: "We keep nothing.",
                    privacyPolicyURL: "https://own.example/privacy"))
        #expect(catalog.warnings.isEmpty)
    }

    @Test func loadThrowsWithEveryError() throws {
        let root = try directory(catalog: Fixtures.base(replacing: "\"free\"", with: "\"freeTrial\""))
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect {
            try LoadedCatalog.load(contentsOf: root + "/Pro.storekit")
        } throws: { error in
            guard case .invalid(_, let diagnostics) = error as? CatalogError else { return false }
            return diagnostics.errors.count == 1 && "\(error)".contains("freeTrial")
        }
        #expect(throws: CatalogError.self) { try LoadedCatalog.load(contentsOf: root + "/Missing.storekit") }
    }

    @Test func lintChecksBothFilesTogether() throws {
        let root = try directory(
            sidecar: PaywallTests.sidecar.replacingOccurrences(of: "\"G1\"", with: "\"G9\""))
        defer { try? FileManager.default.removeItem(atPath: root) }
        let fromCatalog = try CatalogLinter.lint(path: root + "/Pro.storekit")
        #expect(fromCatalog.map(\.location.file) == [root + "/Pro.paywall.json"])
        let fromSidecar = try CatalogLinter.lint(path: root + "/Pro.paywall.json")
        #expect(fromSidecar == fromCatalog)
        #expect(throws: CatalogError.unsupportedFile(file: root + "/theme.json")) {
            try CatalogLinter.lint(path: root + "/theme.json")
        }
        #expect(CatalogLinter.handles(path: "a.storekit") && !CatalogLinter.handles(path: "a.json"))
    }

    @Test func formatters() throws {
        let text = Fixtures.base(replacing: "\"free\"", with: "\"freeTrial\"")
        let diagnostics = Fixtures.diagnose(text, file: "Pro.storekit")
        let line = DiagnosticFormatter.text(diagnostics)
        #expect(
            line
                == "Pro.storekit:24:51: error: subscriptionGroups[0].subscriptions[0].introductoryOffer.paymentMode: "
                + "\"freeTrial\" is not a valid payment mode; use one of: free, payAsYouGo, payUpFront\n")
        let json =
            try JSONSerialization.jsonObject(with: Data(DiagnosticFormatter.json(diagnostics).utf8))
            as? [[String: Any]]
        let row = try #require(json?.first)
        #expect(row["file"] as? String == "Pro.storekit")
        #expect(row["line"] as? Int == 24 && row["column"] as? Int == 51)
        #expect(row["severity"] as? String == "error")
        #expect(
            row["path"] as? String == "subscriptionGroups[0].subscriptions[0].introductoryOffer.paymentMode")
        #expect(row["value"] as? String == "freeTrial")
        #expect(Set(row.keys) == ["file", "line", "column", "severity", "path", "value", "message"])
        #expect(DiagnosticFormatter.json([]) == "[\n\n]" || DiagnosticFormatter.json([]) == "[]")
    }
}

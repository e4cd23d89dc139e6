import Catalog
import Foundation
import SourceDiagnostics
import StoreCore
import Testing

/// What is legal but probably unintended is a warning; the catalog still loads.
@Suite("Catalog warnings")
struct CatalogWarningDiagnosticTests {
    @Test func emptyDisplayName() {
        let text = Fixtures.base(replacing: "\"displayName\" : \"Coin\"", with: "\"displayName\" : \"\"")
        let diagnostics = Fixtures.diagnose(text)
        #expect(!diagnostics.containsErrors)
        expectDiagnostic(
            diagnostics, .warning, path: "products[0].localizations[0].displayName", value: "",
            at: Fixtures.position(of: "\"\", \"locale\"", in: text),
            messageContains: "reference name \"Coin\"")
    }

    @Test func noLocalizationForTheDefaultLocale() {
        let text = Fixtures.base(replacing: "\"_locale\" : \"en_US\"", with: "\"_locale\" : \"es_ES\"")
        let diagnostics = Fixtures.diagnose(text)
        #expect(!diagnostics.containsErrors)
        expectDiagnostic(
            diagnostics, .warning, path: "products[0].localizations", value: nil,
            at: Fixtures.position(of: "[ { \"description\"", in: text),
            messageContains: "default locale es_ES")
    }

    /// A catalog's policy link over plain http is a warning naming the https:// address to use.
    @Test func plainHTTPPolicyURL() {
        let text = Fixtures.base(
            replacing: "\"settings\" :",
            with: """
                "appPolicies" : { "eula" : "", "policies" : [ { "locale" : "en_US", "policyText" : "", \
                "policyURL" : "http://example.com/privacy" } ] },
                  "settings" :
                """)
        let diagnostics = Fixtures.diagnose(text)
        #expect(!diagnostics.containsErrors)
        expectDiagnostic(
            diagnostics, .warning, path: "appPolicies.policies[0].policyURL",
            value: "http://example.com/privacy",
            at: Fixtures.position(of: "\"http://example.com/privacy\"", in: text),
            messageContains: "write \"https://example.com/privacy\"")
    }

    @Test func unknownStorefront() {
        let text = Fixtures.base(replacing: "\"USA\"", with: "\"XYZ\"")
        expectDiagnostic(
            Fixtures.diagnose(text), .warning, path: "settings._storefront", value: "XYZ",
            at: Fixtures.position(of: "\"XYZ\"", in: text), messageContains: "alpha-3")
        #expect(Fixtures.decode(text)?.initialSettings.storefront == "USA")
    }

    @Test func payAsYouGoWithoutNumberOfPeriods() {
        let text = Fixtures.base(
            replacing: "\"paymentMode\" : \"free\"",
            with: "\"displayPrice\" : \"1.99\", \"paymentMode\" : \"payAsYouGo\"")
        expectDiagnostic(
            Fixtures.diagnose(text), .warning,
            path: "subscriptionGroups[0].subscriptions[0].introductoryOffer.numberOfPeriods", value: nil,
            at: Fixtures.position(of: "{ \"displayPrice\" : \"1.99\"", in: text),
            messageContains: "lasts one period")
    }

    @Test func misspelledKey() {
        let text = Fixtures.base(replacing: "\"productID\" : \"coin\"", with: "\"productId\" : \"coin\"")
        let diagnostics = Fixtures.diagnose(text)
        expectDiagnostic(
            diagnostics, .warning, path: "products[0].productId", value: "productId",
            at: Fixtures.position(of: "\"productId\"", in: text),
            messageContains: "did you mean \"productID\"")
        #expect(diagnostics.errors.map(\.path) == ["products[0].productID"])
    }

    @Test func duplicateKey() {
        let text = Fixtures.base(
            replacing: "\"productID\" : \"coin\",",
            with: "\"productID\" : \"coin\", \"productID\" : \"cash\",")
        let diagnostics = Fixtures.diagnose(text)
        expectDiagnostic(
            diagnostics, .warning, path: "products[0].productID", value: "productID",
            at: Fixtures.position(of: "\"productID\"", in: text, occurrence: 2),
            messageContains: "the first is used")
        #expect(Fixtures.decode(text)?.products[0].productID == "coin")
    }

    @Test func keyOfAnotherKindOfObject() {
        let text = Fixtures.base(
            replacing: "\"productID\" : \"coin\",", with: "\"productID\" : \"coin\", \"groupNumber\" : 1,")
        expectDiagnostic(
            Fixtures.diagnose(text), .warning, path: "products[0].groupNumber", value: "groupNumber",
            at: Fixtures.position(of: "\"groupNumber\"", in: text), messageContains: "does not apply here")
    }

    @Test func unknownKeysAreKept() {
        let text = Fixtures.base(
            replacing: "\"version\"", with: "\"futureThing\" : [1, {\"a\" : null}], \"version\"")
        #expect(Fixtures.diagnose(text).isEmpty)
        #expect(
            Fixtures.decode(text)?.unknownFields["futureThing"]
                == .array([.number("1"), .object(["a": .null])]))
    }

    @Test func unknownTimeRate() {
        let text = Fixtures.base(replacing: "\"_storefront\" : \"USA\"", with: "\"_timeRate\" : 14")
        expectDiagnostic(
            Fixtures.diagnose(text), .warning, path: "settings._timeRate", value: "14",
            at: Fixtures.position(of: "14", in: text), messageContains: "use one of: 0, 1")
    }

    @Test func newerVersion() {
        let text = Fixtures.base(replacing: "\"major\" : 4", with: "\"major\" : 7")
        expectDiagnostic(
            Fixtures.diagnose(text), .warning, path: "version", value: nil,
            at: Fixtures.position(of: "{ \"major\"", in: text), messageContains: "newer than any Kiosk knows")
    }

    @Test func nullAndAbsentOptionalsAreFine() {
        let text = Fixtures.base(replacing: "\"referenceName\" : \"Coin\"", with: "\"referenceName\" : null")
            .replacingOccurrences(
                of: "{ \"paymentMode\" : \"free\", \"subscriptionPeriod\" : \"P1W\" }", with: "null"
            )
            .replacingOccurrences(of: "\"familyShareable\" : false,", with: "")
        #expect(Fixtures.diagnose(text).isEmpty)
        let configuration = Fixtures.decode(text)
        #expect(configuration?.products.first?.referenceName == nil)
        #expect(configuration?.allSubscriptions.first?.introductoryOffer == nil)
    }

    @Test func privateKeyIsNeverEchoed() {
        let secret = "MIGTAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBHkwdwIBAQQg"
        let text = Fixtures.base(
            replacing: "\"version\"",
            with: "\"subscriptionOffersKeyPair\" : { \"id\" : \"K\", \"privateKey\" : 5 }, \"version\"")
        #expect(Fixtures.diagnose(text).first?.value == "<redacted>")
        let pair = ConfigurationOfferKeyPair(id: "K", privateKey: secret)
        #expect(!"\(pair)".contains(secret))
        #expect(!String(reflecting: pair).contains(secret))
        #expect(!"\(Mirror(reflecting: pair).children.map(\.value))".contains(secret))
    }
}

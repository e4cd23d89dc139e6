import Catalog
import Foundation
import SourceDiagnostics
import Testing

/// The sidecar's template, the comparison table's levels and the App Review disclosures.
@Suite("Paywall sidecar: template and disclosures")
struct PaywallTemplateCopyTests {
    static let sidecar = """
        {
          "version": 1, "defaultLocale": "en_US", "template": "comparison",
          "localizations": {
            "en_US": {
              "title": "Go Pro",
              "features": [ { "title": "Sync", "levels": [1, 2] } ],
              "renewalTerms": "Renews at {price} unless turned off 24 hours before the period ends.",
              "trialTerms": "After {duration} free, {price}."
            }
          }
        }
        """

    static func decode(_ text: String) -> Decoded<PaywallCopy> {
        PaywallCopy.decode(Array(text.utf8), file: "Pro.paywall.json")
    }

    @Test func decodesTemplateLevelsAndTerms() throws {
        let decoded = Self.decode(Self.sidecar)
        #expect(decoded.diagnostics.isEmpty)
        let copy = try #require(decoded.value)
        #expect(copy.template == "comparison")
        let english = try #require(copy.localization(for: "en_US"))
        #expect(english.features.first?.levels == [1, 2])
        #expect(english.renewalTerms?.contains("{price}") == true)
        #expect(english.trialTerms == "After {duration} free, {price}.")
    }

    @Test func anUnknownTemplateNamesTheChoices() {
        let text = Self.sidecar.replacingOccurrences(of: "\"comparison\"", with: "\"carousel\"")
        let diagnostics = Self.decode(text).diagnostics
        let error = diagnostics.first { $0.path == "template" }
        #expect(error?.severity == .error)
        #expect(error?.message.contains("list, cards, hero, comparison") == true, "\(diagnostics)")
        #expect(Self.decode(text).value?.template == nil)
    }

    @Test func renewalTermsWithoutTheTwentyFourHoursAreAWarning() {
        let text = Self.sidecar.replacingOccurrences(of: " 24 hours before the period ends", with: "")
        let warning = Self.decode(text).diagnostics.first { $0.path == "localizations.en_US.renewalTerms" }
        #expect(warning?.severity == .warning)
        #expect(warning?.message.contains("24 hours") == true)
    }

    @Test func aLevelMustBeAPositiveWholeNumber() {
        let text = Self.sidecar.replacingOccurrences(of: "[1, 2]", with: "[0, \"two\"]")
        let errors = Self.decode(text).diagnostics.filter { $0.severity == .error }
        #expect(errors.count == 2, "\(errors)")
        #expect(errors.allSatisfy { $0.message.contains("group level") })
    }
}

import Foundation
import PaywallTranslations
import SourceDiagnostics
import Testing

/// The String Catalog reader and its checks: a broken catalog names the key, the language and
/// the line to fix.
@Suite struct StringCatalogTests {
    /// A catalog of `entries[key][language] = value`, written as Xcode writes one (one unit per
    /// line here, so that each key's line is easy to predict).
    static func catalog(_ entries: [(String, [(String, String)])], state: String = "translated") -> String {
        let keys = entries.map { key, languages in
            let units = languages.map { language, value in
                #""\#(language)" : { "stringUnit" : { "state" : "\#(state)", "value" : "\#(value)" } }"#
            }
            return #"    "\#(key)" : { "localizations" : {\#n      "# + units.joined(separator: ",\n      ")
                + "\n    } }"
        }
        return "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n" + keys.joined(separator: ",\n")
            + "\n  },\n  \"version\" : \"1.0\"\n}\n"
    }

    static func read(_ text: String) -> StringCatalog {
        StringCatalog(bytes: Array(text.utf8), file: "Test.xcstrings")
    }

    static let good = catalog([
        ("save", [("en", "Save {n}%"), ("de", "{n} % sparen")]),
        (
            "introTerms",
            [
                ("en", "{offer} for {duration}, then {price}"),
                ("de", "{offer} für {duration}, danach {price}"),
            ]
        ),
    ])

    @Test func aGoodCatalogGivesEveryKeyInEveryLanguage() {
        let catalog = Self.read(Self.good)
        #expect(catalog.diagnostics.isEmpty, "\(catalog.diagnostics)")
        #expect(catalog.sourceLanguage == "en")
        #expect(catalog.value("save", language: "de") == "{n} % sparen")
        #expect(catalog.value("introTerms", language: "en") == "{offer} for {duration}, then {price}")
        #expect(catalog.value("save", language: "fr") == nil)
        #expect(catalog.languages == ["en", "de"])
        #expect(catalog.problems(keys: ["save", "introTerms"], languages: ["en", "de"]).isEmpty)
    }

    @Test func notJSONIsAnErrorAtItsLine() throws {
        let catalog = Self.read("{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : { \"save\" : }\n}")
        let error = try #require(catalog.diagnostics.first)
        #expect(catalog.diagnostics.count == 1)
        #expect(error.location.line == 3, "\(catalog.diagnostics)")
        #expect(error.description.hasPrefix("Test.xcstrings:3:"), "\(catalog.diagnostics)")
        #expect(error.message.hasPrefix("not valid JSON"), "\(catalog.diagnostics)")
        #expect(catalog.translations.isEmpty)
    }

    @Test func aMissingKeyAndAMissingLanguageAreNamed() {
        let catalog = Self.read(Self.catalog([("save", [("en", "Save {n}%")])]))
        let lines = catalog.problems(keys: ["save", "subscribe"], languages: ["en", "de"]).map(\.description)
        #expect(lines.contains { $0.contains("\"subscribe\" is missing") }, "\(lines)")
        let german = lines.first { $0.contains("\"save\" has no de text") }
        #expect(german?.hasPrefix("Test.xcstrings:4:") == true, "\(lines)")
        #expect(german?.contains("strings.save.localizations.de") == true, "\(lines)")
    }

    @Test func aLostOrAddedPlaceholderNamesTheKeyTheLanguageAndThePlaceholder() {
        let text = Self.catalog([
            (
                "introTerms",
                [
                    ("en", "{offer} for {duration}, then {price}"),
                    ("de", "{offer} für {dauer}, danach {price}"),
                ]
            )
        ])
        let problems = Self.read(text).problems(keys: ["introTerms"], languages: ["en", "de"])
        #expect(problems.count == 1, "\(problems)")
        let line = problems.first?.description ?? ""
        #expect(line.hasPrefix("Test.xcstrings:6:"), "\(line)")
        #expect(line.contains("strings.introTerms.localizations.de.stringUnit.value"), "\(line)")
        #expect(
            line.contains("\"introTerms\" in de lacks {duration} and has {dauer}, which en does not"),
            "\(line)")
    }

    @Test func printfPlaceholdersAreReportedAndPercentSignsInProseAreNot() {
        #expect(StringCatalog.printfPlaceholders(in: "Save {n}%") == [])
        #expect(StringCatalog.printfPlaceholders(in: "{n} % sparen") == [])
        #expect(StringCatalog.printfPlaceholders(in: "−{n} %") == [])
        #expect(
            StringCatalog.printfPlaceholders(in: "%@ for %lld days, %1$@ then %2$lld, %.2f %%") == [
                "%@", "%lld", "%1$@", "%2$lld", "%.2f",
            ])
        let text = Self.catalog([("save", [("en", "Save {n}%"), ("de", "%lld % sparen")])])
        let problems = Self.read(text).problems(keys: ["save"], languages: ["en", "de"]).map(\.description)
        #expect(
            problems.contains { $0.contains("\"save\" in de has the printf placeholder %lld") }, "\(problems)"
        )
        #expect(problems.contains { $0.contains("\"save\" in de lacks {n}") }, "\(problems)")
    }

    @Test func namedPlaceholdersAreTheBracedNames() {
        #expect(
            StringCatalog.namedPlaceholders(in: "{offer} for {duration}, then {price}") == [
                "offer", "duration", "price",
            ])
        #expect(StringCatalog.namedPlaceholders(in: "{ } {1x} {n} {") == ["n"])
    }

    @Test func aKeyOrLanguageNobodyAskedForIsAMisspelling() {
        let text = Self.catalog([("sve", [("en", "Save {n}%"), ("de", "{n} % sparen"), ("dee", "x")])])
        let problems = Self.read(text).problems(keys: ["save"], languages: ["en", "de"]).map(\.description)
        #expect(
            problems.contains {
                $0.contains("\"sve\" is not a word the paywall draws") && $0.contains("did you mean 'save'")
            }, "\(problems)")
        #expect(problems.contains { $0.contains("\"save\" is missing") }, "\(problems)")
    }

    @Test func anUnknownLanguageIsNamed() {
        let text = Self.catalog([
            ("save", [("en", "Save {n}%"), ("de", "{n} % sparen"), ("fi", "Säästä {n} %")])
        ])
        let problems = Self.read(text).problems(keys: ["save"], languages: ["en", "de"]).map(\.description)
        #expect(problems.count == 1, "\(problems)")
        #expect(problems.first?.contains("fi is not a language the paywall speaks") == true, "\(problems)")
    }

    @Test func aTranslationNotMarkedTranslatedIsNamed() {
        let text = Self.catalog(
            [("save", [("en", "Save {n}%"), ("de", "{n} % sparen")])], state: "needs_review")
        let problems = Self.read(text).problems(keys: ["save"], languages: ["en", "de"]).map(\.description)
        #expect(problems.contains { $0.contains("\"save\" in de is marked needs_review") }, "\(problems)")
        #expect(
            problems.contains { $0.contains("strings.save.localizations.de.stringUnit.state") }, "\(problems)"
        )
    }

    @Test func variationsAndDuplicatesAreReportedNotRead() {
        let text = """
            {
              "sourceLanguage" : "en",
              "strings" : {
                "save" : { "localizations" : {
                  "en" : { "stringUnit" : { "state" : "translated", "value" : "Save {n}%" } },
                  "de" : { "variations" : { "plural" : { "other" : { "stringUnit" : { "state" : "translated", "value" : "x" } } } } }
                } },
                "save" : { }
              }
            }
            """
        let catalog = Self.read(text)
        let lines = catalog.diagnostics.map(\.description)
        #expect(
            lines.contains {
                $0.hasPrefix("Test.xcstrings:6:") && $0.contains("variations and substitutions are not read")
            }, "\(lines)")
        #expect(
            lines.contains { $0.hasPrefix("Test.xcstrings:8:") && $0.contains("written twice") }, "\(lines)")
        #expect(catalog.value("save", language: "de") == nil)
        #expect(catalog.value("save", language: "en") == "Save {n}%")
    }

    @Test func aCatalogWithoutStringsOrSourceLanguageSaysWhatIsMissing() {
        let lines = Self.read("{ \"version\" : \"1.0\" }").diagnostics.map(\.description)
        #expect(lines.contains { $0.contains("sourceLanguage is missing") }, "\(lines)")
        #expect(lines.contains { $0.contains("strings is missing") }, "\(lines)")
        let wrongSource = Self.catalog([("save", [("en", "Save")])]).replacingOccurrences(
            of: "\"en\",", with: "\"de\",")
        let problems = Self.read(wrongSource).problems(keys: ["save"], languages: ["en"]).map(\.description)
        #expect(problems.contains { $0.contains("the source language must be en") }, "\(problems)")
    }
}

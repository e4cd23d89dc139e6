import PaywallTranslations
import SourceDiagnostics
import TerminalUI
import Testing

@testable import Paywall

/// The catalog Kiosk ships (`PaywallStrings.xcstrings`) holds every word in every language the
/// paywall speaks, with the placeholders of English, and the hints and key list are found by
/// action, not by their English text.
@Suite struct PaywallStringCatalogTests {
    @Test func theShippedCatalogHasNoProblems() {
        let problems = PaywallStrings.catalogProblems.map(\.description).joined(separator: "\n")
        #expect(problems.isEmpty, "\(problems)")
    }

    @Test func everyKeyIsInEveryLanguageWithTheSamePlaceholders() {
        let catalog = PaywallTranslations.catalog
        #expect(Set(catalog.languages) == Set(PaywallStrings.supportedLanguages))
        #expect(Set(catalog.translations.keys) == Set(PaywallStrings.catalogKeys))
        for key in PaywallStrings.catalogKeys {
            let english = catalog.value(key, language: "en")
            #expect(english != nil, "\(key) has no English")
            let placeholders = Set(StringCatalog.namedPlaceholders(in: english ?? ""))
            for language in PaywallStrings.supportedLanguages {
                let text = catalog.value(key, language: language)
                #expect(text?.isEmpty == false, "\(key) in \(language): \(String(describing: text))")
                #expect(
                    Set(StringCatalog.namedPlaceholders(in: text ?? "")) == placeholders,
                    "\(key) in \(language): \(text ?? "") against English \(english ?? "")")
                #expect(StringCatalog.printfPlaceholders(in: text ?? "").isEmpty, "\(key) in \(language)")
            }
        }
    }

    @Test func wordsAndStandingWordsAreNamedApart() {
        let words = Set(PaywallStrings.Word.allCases.map(\.rawValue))
        let standing = Set(PaywallStrings.StandingWord.allCases.map(\.rawValue))
        let storeKit = Set(StoreKitWord.allCases.map(\.rawValue))
        #expect(words.isDisjoint(with: standing), "\(words.intersection(standing))")
        #expect(
            words.union(standing).isDisjoint(with: storeKit),
            "\(words.union(standing).intersection(storeKit))")
        #expect(PaywallStrings.catalogKeys.count == words.count + standing.count + storeKit.count)
    }

    @Test func theWordsAreTheCatalogsText() {
        let german = PaywallStrings.forLocale("de_DE")
        #expect(german[.save] == PaywallTranslations.catalog.value("save", language: "de"))
        #expect(german.format(.save, ["n": "24"]) == "24 % sparen")
        #expect(
            german[standing: .bestValue] == PaywallTranslations.catalog.value("bestValue", language: "de"))
        #expect(PaywallStrings.english[.subscribe] == "Subscribe")
    }

    /// English hints and descriptions are those `KeyMaps` writes: each action's word agrees
    /// with its binding's text, so finding words by action changes nothing in English.
    @Test func inEnglishEveryLocalizedKeyMapIsAsWritten() {
        let english = PaywallStrings.english
        #expect(english.localized(KeyMaps.paywall) == KeyMaps.paywall)
        #expect(english.localized(KeyMaps.sheet) == KeyMaps.sheet)
        #expect(english.localized(KeyMaps.policy) == KeyMaps.policy)
        #expect(english.localized(KeyMaps.redeem) == KeyMaps.redeem)
        #expect(english.localized(KeyMaps.accounts) == KeyMaps.accounts)
    }

    /// Every hint a binding shows has a word in every language, found by its action.
    @Test(arguments: PaywallStrings.supportedLanguages.filter { $0 != "en" })
    func everyHintIsTranslated(language: String) {
        let strings = PaywallStrings.forLocale(language)
        func check<Action: LocalizedKeyAction>(_ map: KeyMap<Action>) {
            for (binding, original) in zip(strings.localized(map).bindings, map.bindings)
            where original.hint != nil {
                #expect(original.action.hintWord != nil, "\(original.action) has a hint but no word")
                #expect(
                    binding.hint != original.hint, "\(language): '\(original.hint ?? "")' is not translated")
            }
        }
        check(KeyMaps.paywall)
        check(KeyMaps.sheet)
        check(KeyMaps.policy)
        check(KeyMaps.redeem)
        check(KeyMaps.accounts)
    }
}

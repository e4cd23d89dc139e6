import PaywallTranslations
import SourceDiagnostics

// The paywall's words come from a String Catalog, `PaywallStrings.xcstrings` (module
// PaywallTranslations): each `Word` and `StandingWord` is a key, by its name in code, with
// its text in every supported language. The catalog is read once, the first time a word is
// needed; a word it lacks in a language is drawn in English, and one it lacks in English as
// its key, so a broken catalog shows where it is broken instead of stopping the paywall.
// `catalogProblems` says what is wrong; the tests require it to be empty.

extension PaywallStrings {
    /// Every supported language's words, from the catalog.
    static let table: [String: [Word: String]] = words(Word.self)

    /// English, the fallback of every other language.
    static let englishWords: [Word: String] = table["en"] ?? [:]

    /// Every supported language's standing words, from the catalog.
    static let standingTable: [String: [StandingWord: String]] = words(StandingWord.self)

    /// English standing words, the fallback of every other language.
    static let standingEnglish: [StandingWord: String] = standingTable["en"] ?? [:]

    /// Every key the catalog must hold: the words, the standing words, then KioskStoreKit's
    /// value descriptions (which share the file and its checks).
    public static let catalogKeys =
        Word.allCases.map(\.rawValue) + StandingWord.allCases.map(\.rawValue)
        + StoreKitWord.allCases.map(\.rawValue)

    /// What keeps the catalog from giving every word in every supported language (a key or a
    /// language missing, a placeholder lost in translation), each naming the key, the language
    /// and the line of `PaywallStrings.xcstrings`; empty for the catalog Kiosk ships.
    public static let catalogProblems: [Diagnostic] = PaywallTranslations.catalog.problems(
        keys: catalogKeys, languages: supportedLanguages)

    /// One kind of word's table: for each supported language, the words the catalog has.
    private static func words<Key: CaseIterable & Hashable & RawRepresentable<String>>(_: Key.Type)
        -> [String: [Key: String]]
    {
        let catalog = PaywallTranslations.catalog
        var table: [String: [Key: String]] = [:]
        for language in supportedLanguages {
            var words: [Key: String] = [:]
            for key in Key.allCases {
                words[key] = catalog.value(key.rawValue, language: language)
            }
            table[language] = words
        }
        return table
    }
}

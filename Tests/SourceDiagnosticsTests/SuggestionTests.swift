import SourceDiagnostics
import Testing

/// The one "did you mean" every linter uses (catalog keys, theme keys, roles, attributes).
@Suite struct SuggestionTests {
    @Test func distanceCountsCharacterEdits() {
        #expect(Suggestion.distance("kitten", "sitting") == 3)
        #expect(Suggestion.distance("", "abc") == 3)
        #expect(Suggestion.distance("abc", "abc") == 0)
        // One character, however many UTF-8 bytes it takes, is one edit.
        #expect(Suggestion.distance("productÏD", "productID") == 1)
    }

    @Test func aLimitStopsEarlyWithLimitPlusOne() {
        #expect(Suggestion.distance("kitten", "sitting", limit: 2) == 3)
        #expect(Suggestion.distance("a", "abcdefgh", limit: 2) == 3)
        #expect(Suggestion.distance("colour", "color", limit: 2) == 1)
    }

    @Test func closestIgnoresCaseAndPrefersTheNearest() {
        #expect(Suggestion.closest(to: "Bolt", in: ["bold", "dim", "italic"]) == "bold")
        #expect(Suggestion.closest(to: "ctaa", in: ["cta", "ctab"]) == "cta")
        #expect(Suggestion.closest(to: "zzzzzz", in: ["bold", "dim"]) == nil)
        #expect(
            Suggestion.appending(to: "unknown key, ignored", word: "nmae", candidates: ["name", "roles"])
                == "unknown key, ignored; did you mean 'name'?")
        #expect(Suggestion.appending(to: "unknown", word: "xyz", candidates: ["roles"]) == "unknown")
    }
}

#if os(Linux)
    import Foundation
    import FoundationLocalization
    import Testing

    /// `String(localized:)` without a strings table: the key, its interpolations in place, as
    /// Apple shows the development language's text when no translation is found.
    @Suite struct StringLocalizedTests {
        @Test func aKeyWithInterpolationsIsItsOwnText() {
            let count = 3
            let name = "Pro"
            #expect(String(localized: "\(count) products in \(name)") == "3 products in Pro")
            #expect(String(localized: "Purchase verification failed.") == "Purchase verification failed.")
            #expect(String(localized: "100% off") == "100% off")
            let value: String.LocalizationValue = "\(count) left"
            #expect(value.key == "%lld left")
        }

        @Test func theDefaultValueStandsInForAMissingKey() {
            #expect(String(localized: "shop.title", defaultValue: "The shop") == "The shop")
        }
    }
#endif

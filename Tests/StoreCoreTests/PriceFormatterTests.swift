import Foundation
import StoreCore
import Testing

@Suite struct PriceFormatterTests {
    @Test(arguments: [
        ("USA", "en_US", "9.99", "$9.99"),
        ("GBR", "en_GB", "9.99", "£9.99"),
        ("FRA", "fr_FR", "9.99", "9,99\u{A0}€"),
        ("DEU", "de_DE", "1234.5", "1.234,50\u{A0}€"),
        ("JPN", "ja_JP", "1200", "¥1,200"),
        ("BRA", "pt_BR", "29.9", "R$\u{A0}29,90"),
        ("IND", "hi_IN", "99", "₹99.00"),
        ("CHN", "zh_Hans", "68", "¥68.00"),
    ])
    func formatsWithStorefrontCurrencyAndLocale(
        storefront: String, locale: String, price: String, expected: String
    )
        throws
    {
        let front = try #require(Storefront(alpha3: storefront))
        let formatter = PriceFormatter(storefront: front, localeIdentifier: locale)
        #expect(formatter.format(try #require(Decimal(string: price))) == expected)
    }

    /// Every known storefront must format with its currency's symbol or code, never an empty
    /// or numeric-only string (which would mean Foundation lacked the currency on Linux).
    @Test func everyKnownStorefrontFormats() {
        #expect(Storefront.known.count >= 40)
        for front in Storefront.known.values {
            let text = PriceFormatter(storefront: front, localeIdentifier: "en_US").format(
                Decimal(string: "4.99")!)
            #expect(
                text.contains(where: { !$0.isNumber && $0 != "." && $0 != "," }),
                "\(front.countryCode): \(text)")
        }
    }

    @Test func storefrontLookupIsCaseInsensitive() {
        #expect(Storefront(alpha3: "usa") == .unitedStates)
        #expect(Storefront(alpha3: "XXX") == nil)
    }
}

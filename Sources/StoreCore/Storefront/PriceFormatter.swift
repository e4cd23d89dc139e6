import Foundation

/// Formats prices the way StoreKit's `displayPrice` does: the storefront gives the currency,
/// the locale gives the format (`9,99 €` for `fr_FR`, `$9.99` for `en_US`).
///
/// Foundation's currency format style works on Linux for every storefront in
/// `Storefront.known` (checked in StoreCoreTests), so no table of symbols is kept.
public struct PriceFormatter: Sendable, Hashable {
    public let currencyCode: String
    public let locale: Locale

    /// - Parameters:
    ///   - currencyCode: ISO 4217 code, normally the storefront's.
    ///   - localeIdentifier: `en_US`, `zh_Hans`, `ar`... (the `.storekit` spelling is accepted).
    public init(currencyCode: String, localeIdentifier: String) {
        self.currencyCode = currencyCode
        self.locale = Locale(identifier: localeIdentifier)
    }

    public init(storefront: Storefront, localeIdentifier: String) {
        self.init(currencyCode: storefront.currencyCode, localeIdentifier: localeIdentifier)
    }

    /// The price with the currency's symbol and the locale's digits and separators.
    public func format(_ price: Decimal) -> String {
        price.formatted(.currency(code: currencyCode).locale(locale))
    }
}

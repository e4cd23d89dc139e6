import Foundation
import Synchronization

/// Formats prices the way StoreKit's `displayPrice` does: the storefront gives the currency,
/// the locale gives the format (`9,99 €` for `fr_FR`, `$9.99` for `en_US`).
///
/// Foundation's currency format style works on Linux for every storefront in
/// `Storefront.known` (checked in StoreCoreTests), so no table of symbols is kept.
public struct PriceFormatter: Sendable, Hashable {
    public let currencyCode: String
    /// The locale as given; a `Locale` is made only when a price is not in the cache (making
    /// one per price cost more than formatting it).
    public let localeIdentifier: String
    public var locale: Locale { Locale(identifier: localeIdentifier) }

    /// - Parameters:
    ///   - currencyCode: ISO 4217 code, normally the storefront's.
    ///   - localeIdentifier: `en_US`, `zh_Hans`, `ar`... (the `.storekit` spelling is accepted).
    public init(currencyCode: String, localeIdentifier: String) {
        self.currencyCode = currencyCode
        self.localeIdentifier = localeIdentifier
    }

    public init(storefront: Storefront, localeIdentifier: String) {
        self.init(currencyCode: storefront.currencyCode, localeIdentifier: localeIdentifier)
    }

    /// The price with the currency's symbol and the locale's digits and separators.
    public func format(_ price: Decimal) -> String {
        let key = CacheKey(price: price, currencyCode: currencyCode, locale: localeIdentifier)
        if let known = Self.formatted.withLock({ $0[key] }) { return known }
        let text = price.formatted(.currency(code: currencyCode).locale(locale))
        Self.formatted.withLock { cache in
            // Bounded: a catalog has few prices, but a long-running process may see many.
            if cache.count >= Self.cacheLimit { cache.removeAll(keepingCapacity: true) }
            cache[key] = text
        }
        return text
    }

    /// Prices already formatted: a paywall formats the same few prices in every frame, and ICU's
    /// currency formatting costs more than drawing them (the App Review pass draws thousands).
    private static let formatted = Mutex<[CacheKey: String]>([:])
    private static let cacheLimit = 4096

    private struct CacheKey: Hashable {
        let price: Decimal
        let currencyCode: String
        let locale: String
    }
}

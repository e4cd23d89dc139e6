import Foundation

/// Picks localizations for a locale the way StoreKit falls back: the exact locale, then the
/// same language (`en_GB` for `en_US`, `zh` for `zh_Hans`), then the catalog's default, then
/// whatever comes first.
struct LocaleMatcher: Sendable {
    let locale: String
    let defaultLocale: String

    /// `en-US` and `en_us` both mean `en_US`.
    static func normalize(_ identifier: String) -> String {
        identifier.replacingOccurrences(of: "-", with: "_").lowercased()
    }

    /// The language part: `zh` of `zh_Hans`, `en` of `en_US`.
    static func language(of identifier: String) -> String {
        String(normalize(identifier).prefix { $0 != "_" })
    }

    /// `items` reordered best match first; every item is kept, so callers can fall back further.
    func ranked<T>(_ items: [T], locale itemLocale: (T) -> String) -> [T] {
        let wanted = Self.normalize(locale)
        let language = Self.language(of: locale)
        let fallback = Self.normalize(defaultLocale)
        func rank(_ item: T) -> Int {
            let other = Self.normalize(itemLocale(item))
            if other == wanted { return 0 }
            if Self.language(of: other) == language { return other == language ? 1 : 2 }
            if other == fallback { return 3 }
            return 4
        }
        // enumerated + sort keeps file order within a rank (sort is not stable by contract).
        return items.enumerated().sorted { (rank($0.element), $0.offset) < (rank($1.element), $1.offset) }
            .map(\.element)
    }
}

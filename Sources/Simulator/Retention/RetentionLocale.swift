import Foundation

/// The locales Kiosk accepts in a default message's path: a language code Foundation knows
/// (ISO 639), with an optional region (ISO 3166) or script, joined by "-" as in the App
/// Store's `userLocale` ("en-US", "zh-Hans"). Apple lists no locales on the pages Kiosk
/// follows (docs/retention.md).
enum RetentionLocale {
    static func check(_ locale: String) throws(RetentionError) {
        let parts = locale.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
        let languages = Set(Locale.LanguageCode.isoLanguageCodes.map(\.identifier))
        let regions = Set(Locale.Region.isoRegions.map(\.identifier))
        let scripts: Set<String> = ["Hans", "Hant", "Latn", "Cyrl", "Arab"]
        let valid =
            (1...2).contains(parts.count) && languages.contains(parts[0])
            && (parts.count == 1 || regions.contains(parts[1]) || scripts.contains(parts[1]))
        guard valid else {
            throw .invalidLocale(
                "'\(locale)' is not a locale: give a language code with an optional region, such as en-US or fr"
            )
        }
    }
}

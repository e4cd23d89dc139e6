import Foundation

extension PaywallTranslations {
    /// The catalog's language for a locale identifier ("de_DE" -> "de", "zh_TW" -> "zh-Hant",
    /// "pt_PT" -> "pt-BR", "iw" -> "he"); a language the catalog lacks comes back as itself,
    /// and the caller falls back to English.
    public static func catalogLanguage(forLocale identifier: String) -> String {
        let parts = identifier.replacingOccurrences(of: "_", with: "-").split(separator: "-").map(String.init)
        let language = parts.first?.lowercased() ?? "en"
        switch language {
        case "zh":
            // Taiwan, Hong Kong and Macao write Traditional Chinese; the script tag wins when given.
            let rest = parts.dropFirst().map { $0.lowercased() }
            return rest.contains("hant")
                || (!rest.contains("hans") && !Set(rest).isDisjoint(with: ["tw", "hk", "mo"]))
                ? "zh-Hant" : "zh-Hans"
        case "pt": return "pt-BR"
        case "iw": return "he"
        default: return language
        }
    }
}

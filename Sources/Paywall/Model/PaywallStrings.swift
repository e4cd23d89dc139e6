import Foundation
import PaywallTranslations
import StoreCore

/// The paywall's own words in one language: the labels it draws around the copy ("Subscribe",
/// "/month", "Save 24%", "for 3 months, then"), the default App Review disclosures, and the
/// tab and button labels. The copy file's words come first where it has them; these fill in.
///
/// The text of every word in every language is data, the String Catalog
/// `PaywallStrings.xcstrings` (PaywallStrings+Catalog.swift, docs/translations.md).
/// Placeholders in braces (`{price}`, `{n}`, `{duration}`) are replaced by ``format(_:_:)``.
public struct PaywallStrings: Sendable, Hashable {
    /// A word the paywall draws.
    public enum Word: String, Sendable, Hashable, CaseIterable {
        case subscriptions, shop, subscribe, startFreeTrial, currentPlan, upgrade, downgrade, crossgrade
        case restore, redeem, termsOfUse, privacyPolicy, account, manager, more, group
        case dayOne, dayOther, weekOne, weekOther, monthOne, monthOther, yearOne, yearOther
        case perDay, perWeek, perMonth, perYear
        /// "{price}/mo": a per-month breakdown of a longer plan.
        case perMonthShort
        /// "{duration} free, then {price}".
        case freeTrialTerms
        /// "{offer} for {duration}, then {price}".
        case introTerms
        /// "Save {n}%".
        case save
        /// The auto-renewal terms App Review requires, with `{price}` the billed amount per period.
        case renewalTerms
        /// What happens after a free trial, with `{duration}` and `{price}`.
        case trialTerms
        case freeTrial, noSubscriptions, loading, restoring
        /// "renews {date}", "expires {date}".
        case renews, expires
        case autoRenewOn, autoRenewOff
        /// The shop's words and the payment sheet's.
        case nothingForSale, consumable, nonConsumable, nonRenewing, subscriptionKind, price, confirm, cancel
        case enterCode
        /// The banners (notices) over the paywall: what the store answered. `{product}` is the
        /// product's name, `{code}` an offer code, `{n}` a count, `{error}` the store's error.
        case purchased, purchaseCancelled, awaitingApproval, askToBuyDeclined, askToBuyApproved
        case restoredOne, restoredOther, redeemed, redemptionCancelled, redemptionPending, refunded
        case unverified, priceIncrease, billingIssue, winBack, signedIn
        /// `u` with no subscription to turn auto-renew off for; `g` in a catalog of one group.
        case noActiveSubscription, oneSubscriptionGroup
        /// "{what} failed: {error}", with `{what}` one of the attempts below (or a tester's action).
        case failed
        case purchaseAttempt, restoreAttempt, redeemAttempt
        /// The status line's entitlement summary when there is none.
        case noEntitlements
        /// The account menu's title, its "(signed in)" mark and its notes on presets.
        case accountsTitle, signedInMark, presetWarning, presetsBelow
        /// The offer-code field's placeholder, and the paywall's help title.
        case codePlaceholder, keysTitle
        /// The key hints the paywall shows ("? help · q quit", "y accept · n decline").
        case keyHelp, keyQuit, keyAccept, keyDecline, keyRedeem, keyCancel, keyChoose, keyClose, keyScroll
        case keyConfirm
        /// A failed renewal on the subscriber's line: "payment failed on {date}", and until when
        /// the store keeps the access (grace period) or keeps trying (billing retry).
        case paymentFailed, graceUntil, retryingUntil
        /// The answer to a price increase from the paywall's y / n.
        case increaseAccepted, increaseDeclined
        /// Loading the store or signing in, as what failed; a preset in the account menu.
        case loadAttempt, signInAttempt, presetItem
        /// The note shown when the terminal is smaller than the paywall's minimum (`{size}` is 36x10).
        case tooSmall, tooSmallNeed, tooSmallHave, tooSmallQuit
        /// The paywall's key list (`?`), one word per binding of `KeyMaps.paywall`.
        case helpPrevious, helpNext, helpPage, helpBuy, helpTab, helpStyle, helpLabel, helpView, helpQuantity
        case helpAutoRenew, helpRestore, helpRedeem, helpTerms, helpPrivacy, helpAccounts, helpManager
        case helpAccept, helpDecline, helpDismiss, helpTemplate, helpGroup, helpTrial, helpScreenshot
        case helpCancelSheet
    }

    /// The language these words are in (`en`, `pt-BR`, `zh-Hans`).
    public let language: String
    let words: [Word: String]

    /// The languages the paywall speaks; any other falls back to English. Each is complete in
    /// the catalog (the tests check), and the catalog has no other.
    public static let supportedLanguages = [
        "en", "de", "fr", "es", "it", "pt-BR", "ja", "ko", "zh-Hans", "zh-Hant", "ar", "he",
    ]

    /// The word in this language, English when the table lacks it.
    public subscript(_ word: Word) -> String { words[word] ?? Self.englishWords[word] ?? word.rawValue }

    /// The words with their placeholders filled in: `format(.save, ["n": "24"])` is "Save 24%".
    public func format(_ word: Word, _ values: [String: String]) -> String {
        Self.fill(self[word], values)
    }

    /// `template` with each `{key}` of `values` replaced, in one pass (a frame formats dozens of
    /// words; Foundation's search-and-replace per key cost more than drawing them). Braces that
    /// name no value stay as written.
    public static func fill(_ template: String, _ values: [String: String]) -> String {
        // The UTF-8 view, not `contains("{")`: with Foundation imported that is a locale-aware search.
        guard template.utf8.contains(UInt8(ascii: "{")) else { return template }
        var result = ""
        result.reserveCapacity(template.utf8.count + 16)
        var rest = template[...]
        // Braces are found in the UTF-8 view: a `Character` search breaks the whole template into
        // grapheme clusters, a tenth of a review's time in right-to-left and CJK copy. A brace is
        // one byte, so the indices found fall on scalar boundaries.
        while let open = rest.utf8.firstIndex(of: UInt8(ascii: "{")) {
            result += rest[..<open]
            guard let close = rest[open...].utf8.firstIndex(of: UInt8(ascii: "}")) else { break }
            let key = String(rest[rest.utf8.index(after: open)..<close])
            if let value = values[key] { result += value } else { result += rest[open...close] }
            rest = rest[rest.utf8.index(after: close)...]
        }
        result += rest
        return result
    }

    /// The words this language's own table lacks (shown in English); empty for every shipped one.
    public var missingWords: [Word] { Word.allCases.filter { words[$0] == nil } }

    /// Whether the language is written right to left (Arabic, Hebrew).
    public var isRightToLeft: Bool { language == "ar" || language == "he" }

    /// The words for a locale identifier (`de_DE`, `zh-Hant-TW`, `pt_BR`, `ja`): the script or
    /// region variant where one exists, else the language, else English.
    public static func forLocale(_ identifier: String) -> PaywallStrings {
        let key = PaywallTranslations.catalogLanguage(forLocale: identifier)
        guard let words = table[key] else { return english }
        return PaywallStrings(language: key, words: words)
    }

    /// "1 week", "3 months".
    public func duration(value: Int, unit: SubscriptionPeriod.Unit) -> String {
        let (one, other): (Word, Word) =
            switch unit {
            case .day: (.dayOne, .dayOther)
            case .week: (.weekOne, .weekOther)
            case .month: (.monthOne, .monthOther)
            case .year: (.yearOne, .yearOther)
            }
        return value == 1 ? self[one] : format(other, ["n": String(value)])
    }

    /// "/month" for one unit, "/3 months" for several.
    public func perPeriod(_ period: SubscriptionPeriod) -> String {
        guard period.value == 1 else { return "/" + duration(value: period.value, unit: period.unit) }
        switch period.unit {
        case .day: return self[.perDay]
        case .week: return self[.perWeek]
        case .month: return self[.perMonth]
        case .year: return self[.perYear]
        }
    }
}

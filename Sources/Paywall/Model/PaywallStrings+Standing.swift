import Foundation
import StoreCore

// The words of the customer's standing (issue 26): what a paywall says to a subscriber, a
// trial user, a customer whose payment failed, a family member; the copy's plan badges. Their
// text is in the String Catalog with the other words (PaywallStrings+Catalog.swift).

extension PaywallStrings {
    /// A word about where the customer stands, or a plan badge.
    public enum StandingWord: String, Sendable, Hashable, CaseIterable {
        /// "Start {duration} free trial": the call to action of a plan that starts free.
        case startTrial
        /// The call to action when the payment failed (billing retry, grace): fix it in Manage.
        case updatePayment
        /// The call to action on the plan held with auto-renew off.
        case resume
        /// The mark and call to action of a plan bought with Ask to Buy, until a parent answers.
        case waitingForApproval
        /// The mark and call to action of the plan a family organiser shares.
        case sharedByFamily
        /// The mark of the plan whose renewal failed.
        case paymentFailedTag
        /// "Starts {date}": the plan a downgrade (or crossgrade) switches to at the next renewal.
        case startsOn
        /// When a plan change takes effect: "now", "from {date}".
        case effectiveNow, effectiveOn
        /// The subscriber line in a trial: "Free trial: {plan}", "ends {date}, then {price}".
        case trialOf, trialThen
        /// "access ends {date}" (auto-renew off, grace), "subscription ends {date}" (billing retry).
        case accessEnds, subscriptionEnds
        /// "changes to {plan} on {date}": a pending downgrade or crossgrade.
        case switchesTo
        /// The line of a lapsed or refunded customer.
        case expiredOn, refundedOn
        /// The copy's plan badges.
        case mostPopular, bestValue
        /// The banner when the call to action of the plan held is pressed.
        case alreadyHeld
    }

    /// The word in this language, English when the table lacks it.
    public subscript(standing word: StandingWord) -> String {
        Self.standingTable[language]?[word] ?? Self.standingEnglish[word] ?? word.rawValue
    }

    /// The standing word with its placeholders filled in.
    public func format(_ word: StandingWord, _ values: [String: String]) -> String {
        Self.fill(self[standing: word], values)
    }

    /// "Start 1-week free trial": English says the trial's length as an adjective, the other
    /// languages with their own duration words.
    public func startTrial(_ period: SubscriptionPeriod) -> String {
        guard language == "en" else {
            return format(.startTrial, ["duration": duration(value: period.value, unit: period.unit)])
        }
        let unit =
            switch period.unit {
            case .day: "day"
            case .week: "week"
            case .month: "month"
            case .year: "year"
            }
        return "Start \(period.value)-\(unit) free trial"
    }

    /// The standing words this language lacks (shown in English); empty for every shipped one.
    public var missingStandingWords: [StandingWord] {
        StandingWord.allCases.filter { Self.standingTable[language]?[$0] == nil }
    }
}

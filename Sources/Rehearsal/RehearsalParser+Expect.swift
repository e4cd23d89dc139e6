import Foundation
import SourceDiagnostics
import StoreCore

extension RehearsalParser {
    static let expectationForms = [
        "screen \"TEXT\"", "no screen \"TEXT\"", "entitlement PRODUCT", "no entitlement PRODUCT",
        "no entitlements",
        "transaction REF state STATE", "transaction REF finished|unfinished", "status GROUP STATE",
        "notification TYPE[/SUBTYPE]", "no notification", "banner KIND [\"TEXT\"]", "no banner",
        "verified REF",
        "unverified REF", "error \"TEXT\"", "clock DATE", "cancel-sheet KIND [\"TEXT\"]",
    ]

    /// What `expect cancel-sheet` tells apart (RetentionSheet.kindWord).
    static let cancelSheetKinds = ["message", "image", "switch-plan", "offer", "default", "none"]

    static let bannerKinds = ["pending", "info", "success", "warning", "error"]

    static let statusNames: [String: SubscriptionStatus.RenewalState] = [
        "subscribed": .subscribed, "expired": .expired, "inBillingRetryPeriod": .inBillingRetryPeriod,
        "inGracePeriod": .inGracePeriod, "revoked": .revoked,
    ]

    /// The word after `expect` (and `no`) in each form, for "did you mean".
    static let expectationWords = [
        "screen", "entitlement", "entitlements", "transaction", "status", "notification", "banner",
        "verified",
        "unverified", "error", "clock", "cancel-sheet",
    ]

    static func expectation(_ tokens: [Token], at start: Token) throws(LineError) -> Expectation {
        let usage = LineError(
            column: start.column,
            message: "expect takes one of: " + expectationForms.map { "expect \($0)" }.joined(separator: ", ")
        )
        guard let first = tokens.first else { throw usage }
        var words = tokens.map(\.text)
        var negated = false
        if first.text == "no" {
            negated = true
            words.removeFirst()
        }
        let rest = Array(tokens.dropFirst(negated ? 1 : 0))
        if let word = words.first, !expectationWords.contains(word),
            let near = Suggestion.closest(to: word, in: expectationWords)
        {
            throw LineError(
                column: rest.first?.column ?? start.column,
                message:
                    "unknown expectation '\(word)'; did you mean 'expect \(negated ? "no " : "")\(near)'? "
                    + usage.message)
        }
        switch (words.first ?? "", words.count, negated) {
        case ("screen", 2, _): return .screen(words[1], present: !negated)
        case ("entitlement", 2, _): return .entitlement(words[1], present: !negated)
        case ("entitlements", 1, true): return .noEntitlements
        case ("notification", 1, true): return .noNotification
        case ("banner", 1, true): return .noBanner
        case ("notification", 2, false): return try notification(rest[1])
        case ("banner", 2...3, false):
            guard bannerKinds.contains(words[1]) else {
                throw LineError(
                    column: rest[1].column,
                    message:
                        "unknown banner kind '\(words[1])': one of \(bannerKinds.joined(separator: ", "))")
            }
            return .banner(kind: words[1], text: words.count == 3 ? words[2] : nil)
        case ("status", 3, false):
            guard statusNames[words[2]] != nil else {
                throw LineError(
                    column: rest[2].column,
                    message:
                        "unknown status '\(words[2])': one of \(statusNames.keys.sorted().joined(separator: ", "))"
                )
            }
            return .status(group: words[1], state: words[2])
        case ("error", 2, false): return .error(words[1])
        case ("cancel-sheet", 2...3, false):
            guard cancelSheetKinds.contains(words[1]) else {
                throw LineError(
                    column: rest[1].column,
                    message:
                        "unknown cancel sheet kind '\(words[1])': one of \(cancelSheetKinds.joined(separator: ", "))"
                )
            }
            return .cancelSheet(kind: words[1], text: words.count == 3 ? words[2] : nil)
        case ("clock", 2, false):
            guard let date = ISO8601DateFormatter().date(from: words[1]) else {
                throw LineError(
                    column: rest[1].column,
                    message: "'\(words[1])' is not a date such as 2026-02-01T00:00:00Z")
            }
            return .clock(date)
        case ("verified", _, false), ("unverified", _, false):
            let (reference, used) = try transactionReference(rest, at: 1, followedBy: [], fewest: 0)
            guard 1 + used == rest.count else { throw usage }
            return .verified(reference, words[0] == "verified")
        case ("transaction", _, false):
            let (reference, used) = try transactionReference(
                rest, at: 1, followedBy: ["finished", "unfinished", "state"], fewest: 1)
            let tail = Array(words.dropFirst(1 + used))
            switch tail.count {
            case 1 where tail[0] == "finished" || tail[0] == "unfinished":
                return .transactionFinished(reference, tail[0] == "finished")
            case 2 where tail[0] == "state":
                let states = TransactionRecord.State.allCases.map(\.rawValue) + ["pending"]
                guard states.contains(tail[1]) else {
                    throw LineError(
                        column: rest[rest.count - 1].column,
                        message:
                            "unknown transaction state '\(tail[1])': one of \(states.joined(separator: ", "))"
                    )
                }
                return .transactionState(reference, tail[1] == "pending" ? "pendingApproval" : tail[1])
            default: throw usage
            }
        default: throw usage
        }
    }

    /// A reference where an expectation needs one: `last`, `last PRODUCT`, `$name` or an ID;
    /// after `last`, a word is the product when more follow than the expectation's own `fewest`
    /// and it is none of its own words (`followedBy`), as the store words read `last PRODUCT`.
    private static func transactionReference(
        _ tokens: [Token], at index: Int, followedBy own: Set<String>, fewest: Int
    ) throws(LineError) -> (TransactionReference, Int) {
        guard index < tokens.count else {
            throw LineError(
                column: tokens.last?.column ?? 1,
                message: "name a transaction: last, last PRODUCT, $name or an ID")
        }
        let (reference, used) = try reference(tokens, at: index) { word, remaining in
            remaining > fewest && !own.contains(word) && !word.hasPrefix("-")
        }
        if let reference { return (reference, used) }
        guard let id = UInt64(tokens[index].text) else {
            throw LineError(
                column: tokens[index].column,
                message: "'\(tokens[index].text)' is not a transaction: last, last PRODUCT, $name or an ID")
        }
        return (.id(id), 1)
    }
}

import CommandLineOptions
import Foundation
import StoreCore

/// How each typed option of the store actions reads its text, refusing what it cannot read
/// with the option, what it needs and what was given (`--quantity needs a number, got 'two'`).
extension StoreActionOptions {
    /// `--plan`'s words and the plans they name.
    static let planWords: [(word: String, plan: BillingPlan.PlanType)] = [
        ("upfront", .billedUpFront), ("monthly", .monthly),
    ]

    /// `--reason`'s words and the reasons they name.
    static let reasonWords: [(word: String, reason: Transaction.RevocationReason)] = [
        ("developer-issue", .developerIssue), ("other", .other),
    ]

    @Sendable static func quantity(_ text: String) throws(UsageError) -> Int {
        guard let quantity = Int(text) else {
            throw refusal("--quantity needs a number, got '\(text)'", text)
        }
        return quantity
    }

    @Sendable static func token(_ text: String) throws(UsageError) -> UUID {
        guard let token = UUID(uuidString: text) else {
            throw refusal("--token needs a UUID, got '\(text)'", text)
        }
        return token
    }

    @Sendable static func date(_ text: String) throws(UsageError) -> Date {
        guard let date = ISO8601DateFormatter().date(from: text) else {
            throw refusal("--date needs an ISO 8601 date such as 2026-01-31T09:00:00Z, got '\(text)'", text)
        }
        return date
    }

    @Sendable static func plan(_ text: String) throws(UsageError) -> BillingPlan.PlanType {
        guard let plan = planWords.first(where: { $0.word == text })?.plan else {
            throw refusal("--plan must be upfront or monthly, got '\(text)'", text)
        }
        return plan
    }

    @Sendable static func reason(_ text: String) throws(UsageError) -> Transaction.RevocationReason {
        guard let reason = reasonWords.first(where: { $0.word == text })?.reason else {
            throw refusal("--reason must be developer-issue or other, got '\(text)'", text)
        }
        return reason
    }

    /// `--percentage P` as Apple's milliunits (100 percent is 100000), at least one.
    @Sendable static func share(_ text: String) throws(UsageError) -> Int {
        guard let percent = Double(text), percent > 0, percent <= 100 else {
            throw refusal("--percentage needs a share from 0 (exclusive) to 100, got '\(text)'", text)
        }
        return max(1, Int((percent * 1000).rounded()))
    }

    @Sendable static func periods(_ text: String) throws(UsageError) -> Int {
        guard let count = Int(text), (1...StoreOperation.maximumPeriods).contains(count) else {
            throw refusal(
                "--periods needs a number from 1 to \(StoreOperation.maximumPeriods), got '\(text)'", text)
        }
        return count
    }

    @Sendable static func sequence(_ text: String) throws(UsageError) -> Int64 {
        // Refused rather than read as 0 (which listed everything) when it is not a number.
        guard let sequence = Int64(text), sequence >= 0 else {
            throw refusal("--after needs a sequence number (0 or more), got '\(text)'", text)
        }
        return sequence
    }

    @Sendable static func limit(_ text: String) throws(UsageError) -> Int {
        guard let limit = Int(text), limit > 0 else {
            throw refusal("--limit needs a positive number, got '\(text)'", text)
        }
        return limit
    }

    @Sendable static func image(_ text: String) throws(UsageError) -> UUID {
        guard let id = UUID(uuidString: text) else {
            throw refusal("--image must be a UUID (Apple's identifiers are), got '\(text)'", text)
        }
        return id
    }

    /// A refused value, naming the word so a rehearsal can point at its column.
    private static func refusal(_ message: String, _ word: String) -> UsageError {
        UsageError(message, word: word)
    }
}

import Foundation
import StoreCommands
import StoreCore
import Testing

/// The store actions' options are typed when read, through CommandLineOptions, and `last` is a
/// typed transaction argument: the same reading for the CLI and rehearsals.
@Suite struct StoreActionOptionsTests {
    @Test func valuesArriveTyped() throws {
        let words = try StoreWords.parse([
            "buy", "p", "--quantity", "3", "--token", "6F1C4A52-0D1E-4A43-9A7E-1D2F3B4C5D6E", "--date",
            "2026-01-31T09:00:00Z", "--plan", "monthly", "--cancel-immediately",
        ])
        let purchase = words.options.purchase
        #expect(purchase.quantity == 3 && purchase.plan == .monthly && purchase.cancelImmediately)
        #expect(purchase.token == UUID(uuidString: "6F1C4A52-0D1E-4A43-9A7E-1D2F3B4C5D6E"))
        #expect(purchase.date == ISO8601DateFormatter().date(from: "2026-01-31T09:00:00Z"))
        #expect(words.purchaseOptions.count == 4)
        let refund = try StoreWords.parse([
            "refund", "7", "--reason", "developer-issue", "--percentage", "25",
        ])
        #expect(refund.revocationReason == .developerIssue && refund.refundShare == 25_000)
        #expect(try StoreWords.parse(["refund", "7"]).refundShare == RefundRequest.fullRefund)
        let listed = try StoreWords.parse(["notifications", "--after", "4", "--limit", "2"]).options
            .notifications
        #expect(listed.after == 4 && listed.limit == 2)
    }

    @Test(arguments: [
        (["buy", "p", "--quantity", "two"], "--quantity needs a number, got 'two'", "two"),
        (["buy", "p", "--token", "x"], "--token needs a UUID, got 'x'", "x"),
        (["buy", "p", "--plan", "weekly"], "--plan must be upfront or monthly, got 'weekly'", "weekly"),
        (
            ["refund", "1", "--reason", "bored"], "--reason must be developer-issue or other, got 'bored'",
            "bored"
        ),
        (
            ["refund", "1", "--percentage", "0"],
            "--percentage needs a share from 0 (exclusive) to 100, got '0'", "0"
        ),
        (["advance", "--periods", "0"], "--periods needs a number from 1 to", "0"),
        (["notifications", "--limit", "0"], "--limit needs a positive number, got '0'", "0"),
        (
            ["notifications", "--after", "soon"], "--after needs a sequence number (0 or more), got 'soon'",
            "soon"
        ),
        (
            ["buy", "p", "--quantty=2"], "unknown option '--quantty' for 'buy'; did you mean '--quantity'?",
            "--quantty=2"
        ),
        (["buy", "p", "--json=1"], "'--json' takes no value", "--json=1"),
        (["buy", "p", "--help"], "unknown option '--help' for 'buy'", "--help"),
        (["refund", "abc"], "'abc' is not a transaction ID (a number)", "abc"),
        (
            ["refund", "1", "--quantity", "2"],
            "'--quantity' is not an option of 'refund', which takes --json, --jws, --reason, --percentage",
            "--quantity"
        ),
    ])
    func aWordThatDoesNotReadIsNamed(words: [String], message: String, word: String) {
        #expect {
            try StoreWords.parse(words)
        } throws: { error in
            guard let error = error as? StoreWordsError else { return false }
            return error.description.hasPrefix(message) && error.word == word
        }
    }

    @Test func lastIsATypedTransactionAndTheProductIsWhatTheActionDoesNotTake() throws {
        #expect(
            try StoreWords.parse(["refund", "2000000000000002"]).transaction == .id(2_000_000_000_000_002))
        #expect(try StoreWords.parse(["refund", "last"]).transaction == .last(productID: nil))
        // A product without a dot is still a product: the action takes nothing else there.
        let refund = try StoreWords.parse(["refund", "last", "pro", "--reason", "other"])
        #expect(refund.transaction == .last(productID: "pro") && refund.arguments.isEmpty)
        let off = try StoreWords.parse(["auto-renew", "last", "off"])
        #expect(off.transaction == .last(productID: nil) && off.arguments == ["off"])
        let named = try StoreWords.parse(["auto-renew", "last", "com.kiosk.lumen.pro.monthly", "off"])
        #expect(
            named.transaction == .last(productID: "com.kiosk.lumen.pro.monthly") && named.arguments == ["off"]
        )
        // A misspelt word of the action's own is still refused as one, not taken for a product.
        let maybe = try StoreWords.parse(["auto-renew", "last", "maybe"])
        #expect(maybe.transaction == .last(productID: nil) && maybe.arguments == ["maybe"])
        #expect(throws: StoreWordsError("expected on or off, got 'maybe'")) {
            try maybe.resolved(to: 1).operation()
        }
        let grant = try StoreWords.parse(["refund-request", "last", "grant", "--percentage", "50"])
        #expect(grant.transaction == .last(productID: nil))
        #expect(
            try grant.resolved(to: 9).operation() == .grantRefundRequest(transactionID: 9, percentage: 50_000)
        )
        // `last` on an action that takes no transaction is an argument like any other.
        #expect(try StoreWords.parse(["latest", "last"]).arguments == ["last"])
    }

    @Test func anUnresolvedLastIsNotAnID() throws {
        #expect(throws: StoreWordsError.self) { try StoreWords.parse(["approve", "last"]).operation() }
        #expect {
            try StoreWords.parse(["approve"]).operation()
        } throws: { error in "\(error)".contains("'approve' needs a transaction ID") }
    }
}

extension StoreWords {
    /// These words with their transaction resolved to `id`, as the runner resolves `last`.
    fileprivate func resolved(to id: UInt64) -> StoreWords {
        var words = self
        words.transaction = .id(id)
        return words
    }
}

import Foundation
import StoreCore

/// Carries out one `kiosk store` action against a store and prints the outcome: the CLI's
/// `kiosk store` and a rehearsal's store steps both run through it.
public struct StoreActionRunner: Sendable {
    public var store: any Store & StoreControl
    public var words: StoreWords
    public var output: StoreOutput
    /// Whether a long advance may draw a progress bar on standard error when it is a terminal:
    /// the CLI's, never a rehearsal's (`--play` owns the terminal, and its caption line).
    public var showsProgress: Bool

    public init(
        store: any Store & StoreControl, words: StoreWords, output: StoreOutput, showsProgress: Bool = true
    ) {
        self.store = store
        self.words = words
        self.output = output
        self.showsProgress = showsProgress
    }

    private var command: StoreWords { words }
    private var options: StoreActionOptions { words.options }

    /// Carries out the action.
    /// - Returns: the ID of the transaction the action made (a purchase, also a pending one; a
    ///   redeemed code), for scripts that go on with it.
    /// - Throws: `StoreWordsError` for words that do not parse, `StoreError` when the store refuses.
    @discardableResult
    public func run() async throws -> UInt64? {
        var runner = self
        runner.words = try await words.resolvingLast(in: store)
        return try await runner.runResolved()
    }

    private func runResolved() async throws -> UInt64? {
        switch command.action {
        case .products: try output.products(try await store.allProducts())
        case .buy: return try await buy()
        case .redeem:
            let request = try command.request()
            let result = try await store.perform(request).purchase(of: request)
            try output.purchase(result)
            if case .success(let verification) = result { return verification.unsafePayloadValue.id }
        case .transactions: try output.records(try await store.transactionRecords())
        case .entitlements: try output.transactions(try await store.currentEntitlements())
        case .unfinished: try output.transactions(try await store.unfinished())
        case .all: try output.transactions(try await store.all())
        case .latest:
            try output.transactions(
                try await store.latest(for: try command.argument(0, "a product ID")).map { [$0] } ?? [])
        case .statuses:
            try output.statuses(
                try await store.subscriptionStatuses(for: try command.argument(0, "a group ID")))
        case .eligibility:
            try output.value(
                "eligible",
                try await store.isEligibleForIntroOffer(groupID: try command.argument(0, "a group ID")))
        case .finish:
            let request = try command.request()
            _ = try await store.perform(request)
            if case .finish(let id) = request { try confirm("Finished transaction \(id)") }
        case .restore:
            _ = try await store.perform(try command.request())
            try output.value("restored", try await store.currentEntitlements().count)
        case .approve, .decline, .refund, .refundRequest, .expire, .renew, .autoRenew, .priceIncrease,
            .resolve,
            .delete, .clear, .reset, .advance, .timeRate, .set, .error, .account:
            try await perform(try command.operation())
        case .requestRefund:
            let request = try command.request()
            try output.value(
                "refundRequest", try await store.perform(request).refundStatus(of: request).rawValue)
        case .manageSubscriptions:
            _ = try await store.perform(try command.request())
            try output.value("manageSubscriptions", "shown")
        case .cancelSheet:
            let request = try command.request()
            try output.retentionSheet(try await store.perform(request).retentionSheet(of: request))
        case .retention: try confirm(try await manageRetention())
        case .now: try output.date("now", try await store.now())
        case .settings: try output.settings(try await store.settings())
        case .errors: try output.errors(try await store.simulatedErrors())
        case .storefront:
            if !command.arguments.isEmpty { try await perform(try command.operation()) }
            try output.value("storefront", try await store.storefront().countryCode)
        case .locale:
            if !command.arguments.isEmpty { try await perform(try command.operation()) }
            try output.value("locale", try await store.settings().locale)
        case .accounts:
            try output.accounts(try await store.accounts(), current: try await store.currentAccount().name)
        case .appTransaction: try output.appTransaction(try await store.appTransaction())
        case .notifications:
            // notificationHistory is a StoreControl call, so this works locally and over --store URL.
            let limit = options.notifications.limit ?? 100
            let after = options.notifications.after ?? 0
            let listed = try await store.notificationHistory(limit: limit).filter { $0.sequence > after }
            guard output.jwsOnly else {
                try output.notifications(listed)
                return nil
            }
            try await printSignedNotifications(listed)
        }
        return nil
    }

    /// Each notification signed as a delivery would sign it now: what a webhook receives.
    private func printSignedNotifications(_ listed: [NotificationSummary]) async throws {
        guard let local = store as? any NotificationSigning else {
            throw StoreError.invalidAction(
                "notifications --jws signs in the process that owns the store's ledger, and this one is a client "
                    + "(of a server, or of another kiosk on this state): run it when nothing else has the state open, "
                    + "or let a backend receive them at kiosk serve --webhook or from the App Store Server API's "
                    + "notification history")
        }
        for summary in listed {
            // Listed a moment ago: gone only if the state was reset in between, and then
            // there is nothing to sign.
            guard let jws = try await local.signedNotification(id: summary.id) else { continue }
            output.write(jws)
        }
    }

    /// Carries out a tester operation and prints what it changed.
    private func perform(_ operation: StoreOperation) async throws {
        if case .advanceClockPeriods(let count, let group) = operation {
            try await refuseIdleAdvance(count: count, group: group)
        }
        let result: StoreOperationResult
        do {
            result = try await performShowingProgress(operation)
        } catch {
            // A duration past what the store can sign is a mistake in the call (exit 64).
            if case .invalidArgument(let reason) = error, command.action == .advance {
                // `advance 3d: …`, or `advance: …` for periods, which take no argument.
                throw StoreWordsError(
                    (["advance"] + command.arguments.prefix(1)).joined(separator: " ") + ": \(reason)")
            }
            throw error
        }
        switch operation {
        case .advanceClock, .advanceClockPeriods: try output.date("now", try result.clock(of: operation))
        case .apply(.timeRate(let rate)): try output.value("timeRate", rate.description)
        case .apply(.storefront), .apply(.locale): break
        case .apply: try output.settings(try await store.settings())
        case .setSimulatedError: try output.errors(try await store.simulatedErrors())
        case .addAccount:
            try output.accounts(try await store.accounts(), current: try await store.currentAccount().name)
        case .approveAskToBuy, .declineAskToBuy, .refund, .openRefundRequest, .grantRefundRequest,
            .declineRefundRequest, .reverseRefund, .expireSubscription, .forceRenewal, .setAutoRenew,
            .requestPriceIncreaseConsent, .respondToPriceIncrease, .resolveIssue, .deleteTransaction,
            .clearTransactions, .resetToDefaultState, .buyOffDevice, .saveState, .loadState, .journalNote:
            try confirm(operation.outcome(result))
        }
    }

    /// The one line that says a change happened (`Refunded transaction 2000000000000002 (other)`),
    /// as the paywall's banner says it; with `--json`, `{"done": "..."}`.
    private func confirm(_ text: String) throws(StoreOutputError) {
        guard !output.jwsOnly else { return }
        try output.value("done", text)
    }

    /// Advancing by periods when nothing in the group renews would leave the clock where it is:
    /// say so rather than report it done. (No subscription at all: the store says that itself.)
    private func refuseIdleAdvance(count: Int, group: String) async throws {
        // A check before the advance, not the advance: when the statuses cannot be read (an
        // unknown group, a simulated failure) the advance goes ahead and reports that itself.
        guard let statuses = try? await store.subscriptionStatuses(for: group), !statuses.isEmpty,
            !statuses.contains(where: {
                [.subscribed, .inGracePeriod, .inBillingRetryPeriod].contains($0.state)
            })
        else { return }
        throw StoreError.invalidAction(
            "advance --periods \(count) --group \(group): account '\(try await store.currentAccount().name)' has "
                + "nothing renewing in group \(group) (its subscription expired or was revoked), so the clock "
                + "would not move; buy one first, or advance by a duration (advance 30d)")
    }

    /// A purchase from the shell: off the device it is a tester operation (it arrives on the
    /// update stream), otherwise the app's request, the payment sheet confirmed or cancelled.
    private func buy() async throws -> UInt64? {
        let request = try command.request()
        guard case .purchase(let productID, let options, _) = request, words.options.purchase.offDevice else {
            let result = try await store.perform(request).purchase(of: request)
            switch result {
            case .success(let verification):
                try output.purchase(result)
                return verification.unsafePayloadValue.id
            case .pending(let id):
                // The purchase's own waiting transaction, from its answer: under concurrent
                // buyers "the newest pending one of this product" is often someone else's.
                try output.purchase(result)
                return id
            case .userCancelled:
                try output.purchase(result)
                return nil
            }
        }
        let operation = StoreOperation.buyOffDevice(productID: productID, options: options)
        let result = try await store.perform(operation)
        let transaction = try result.transaction(of: operation)
        if case .heldForApproval = result {
            // Ask to Buy holds it: say so, as a held purchase from the app does.
            try output.heldForApproval(transaction)
        } else {
            try output.transactions([.verified(transaction, jws: "")])
        }
        return transaction.id
    }

}

/// Durations on the command line and in the Transaction Manager: `30s`, `10m`, `2h`, `3d`, `2w`,
/// `1mo`, `1y`. A month is 30 days and a year 365, as the store's clock moves by seconds.
public enum DurationText {
    /// Each unit and its length in seconds: the table a new unit goes into.
    public static let units: [(suffix: String, seconds: TimeInterval)] = [
        ("mo", 2_592_000), ("y", 31_536_000), ("s", 1), ("m", 60), ("h", 3_600), ("d", 86_400),
        ("w", 604_800),
    ]

    /// Seconds in `text`, or nil when it is not a number and a unit, or so large that it is no
    /// longer a finite number of seconds (`1e308w`); how far the clock may really go is the
    /// store's to say (its certificate authority's validity).
    public static func seconds(_ text: String) -> TimeInterval? {
        guard let unit = units.first(where: { text.hasSuffix($0.suffix) }),
            let value = Double(text.dropLast(unit.suffix.count)), value >= 0, value.isFinite,
            (value * unit.seconds).isFinite
        else { return nil }
        return value * unit.seconds
    }

    /// A word for someone who wrote minutes (`1m`) where months (`1mo`) may have been meant.
    public static func minutesHint(_ text: String) -> String? {
        // Only a count of months someone might mean: nobody writes 90mo for seven years.
        guard text.hasSuffix("m"), let value = Double(text.dropLast()), (1...24).contains(value) else {
            return nil
        }
        let count = text.dropLast()
        return "note: \(text) is \(count) minute\(value == 1 ? "" : "s"); for months write \(count)mo"
    }
}

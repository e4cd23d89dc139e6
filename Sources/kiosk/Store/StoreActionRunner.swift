import Foundation
import Simulator
import StoreCore

/// Carries out one `kiosk store` action against a store and prints the outcome.
struct StoreActionRunner {
    var store: any Store & StoreControl
    var command: StoreCommand
    var output: StoreOutput

    private var options: ParsedArguments { command.parsed }

    func run() async throws {
        switch command.action {
        case .products: output.products(try await store.allProducts())
        case .buy: try await buy()
        case .redeem: output.purchase(try await store.redeemOfferCode(try command.argument(0, "a code")))
        case .transactions: output.records(try await store.transactionRecords())
        case .entitlements: output.transactions(try await store.currentEntitlements())
        case .unfinished: output.transactions(try await store.unfinished())
        case .all: output.transactions(try await store.all())
        case .latest:
            output.transactions(
                try await store.latest(for: try command.argument(0, "a product ID")).map { [$0] } ?? [])
        case .statuses:
            output.statuses(try await store.subscriptionStatuses(for: try command.argument(0, "a group ID")))
        case .eligibility:
            output.value(
                "eligible",
                try await store.isEligibleForIntroOffer(groupID: try command.argument(0, "a group ID")))
        case .finish: try await store.finish(try command.transactionID())
        case .restore:
            try await store.sync()
            output.value("restored", try await store.currentEntitlements().count)
        case .approve, .decline, .refund, .refundRequest, .expire, .renew, .autoRenew, .priceIncrease,
            .resolve,
            .delete, .clear, .reset, .advance, .timeRate, .set, .error, .account:
            try await perform(try command.operation())
        case .now: output.date("now", try await store.now())
        case .settings: output.settings(try await store.settings())
        case .errors: output.errors(try await store.simulatedErrors())
        case .storefront:
            if !command.arguments.isEmpty { try await perform(try command.operation()) }
            output.value("storefront", try await store.storefront().countryCode)
        case .locale:
            if !command.arguments.isEmpty { try await perform(try command.operation()) }
            output.value("locale", try await store.settings().locale)
        case .accounts:
            output.accounts(try await store.accounts(), current: try await store.currentAccount().name)
        case .appTransaction: output.appTransaction(try await store.appTransaction())
        case .notifications:
            // notificationHistory is a StoreControl call, so this works locally and over --store URL.
            guard let limit = Int(options.value("limit") ?? "100"), limit > 0 else {
                throw UsageError("--limit needs a positive number, got '\(options.value("limit") ?? "")'")
            }
            let after = Int64(options.value("after") ?? "0") ?? 0
            let listed = try await store.notificationHistory(limit: limit).filter { $0.sequence > after }
            guard output.jwsOnly else { return output.notifications(listed) }
            try await printSignedNotifications(listed)
        }
    }

    /// Each notification signed as a delivery would sign it now: what a webhook receives.
    private func printSignedNotifications(_ listed: [NotificationSummary]) async throws {
        guard let local = store as? SimulatedStore else {
            throw StoreError.invalidAction(
                "notifications --jws signs on the store that owns the ledger: over --store URL a backend "
                    + "receives them at kiosk serve --webhook, or from the App Store Server API's notification history"
            )
        }
        for summary in listed {
            guard let notification = try await local.notification(id: summary.id) else { continue }
            Console.print(try await local.signedNotification(notification))
        }
    }

    /// Carries out a tester operation and prints what it changed.
    private func perform(_ operation: StoreOperation) async throws {
        let result: StoreOperationResult
        do {
            result = try await store.perform(operation)
        } catch {
            // A duration past what the store can sign is a mistake in the call (exit 64).
            if case .invalidArgument(let reason) = error, command.action == .advance {
                throw UsageError("advance \(command.arguments.first ?? ""): \(reason)")
            }
            throw error
        }
        switch operation {
        case .advanceClock, .advanceClockPeriods: output.date("now", try result.clock(of: operation))
        case .apply(.timeRate(let rate)): output.value("timeRate", rate.description)
        case .apply(.storefront), .apply(.locale): break
        case .apply: output.settings(try await store.settings())
        case .setSimulatedError: output.errors(try await store.simulatedErrors())
        case .addAccount:
            output.accounts(try await store.accounts(), current: try await store.currentAccount().name)
        default: break
        }
    }

    private func buy() async throws {
        let productID = try command.argument(0, "a product ID")
        var purchaseOptions: [PurchaseOption] = []
        if let text = options.value("quantity") {
            guard let quantity = Int(text) else {
                throw UsageError("--quantity needs a number, got '\(text)'")
            }
            purchaseOptions.append(.quantity(quantity))
        }
        if let code = options.value("offer-code") { purchaseOptions.append(.codeOffer(referenceName: code)) }
        if let id = options.value("promo") {
            purchaseOptions.append(.promotionalOffer(id: id, signature: nil))
        }
        if let id = options.value("winback") { purchaseOptions.append(.winBackOffer(id: id)) }
        if let text = options.value("token") {
            guard let token = UUID(uuidString: text) else {
                throw UsageError("--token needs a UUID, got '\(text)'")
            }
            purchaseOptions.append(.appAccountToken(token))
        }
        if let text = options.value("date") {
            guard let date = ISO8601DateFormatter().date(from: text) else {
                throw UsageError("--date needs an ISO 8601 date such as 2026-01-31T09:00:00Z, got '\(text)'")
            }
            purchaseOptions.append(
                .purchaseDate(
                    date,
                    renewalBehavior: options.flag("cancel-immediately") ? .cancelImmediately : .renewUntilNow)
            )
        }
        if let text = options.value("plan") {
            switch text {
            case "upfront": purchaseOptions.append(.billingPlanType(.billedUpFront))
            case "monthly": purchaseOptions.append(.billingPlanType(.monthly))
            default: throw UsageError("--plan must be upfront or monthly, got '\(text)'")
            }
        }
        if options.flag("ask-to-buy") { purchaseOptions.append(.simulatesAskToBuy(true)) }
        if options.flag("no-intro") { purchaseOptions.append(.introductoryOfferEligibility(false)) }
        if let key = options.value("key") { purchaseOptions.append(.idempotencyKey(key)) }
        if options.flag("off-device") {
            let transaction = try await store.buyOffDevice(productID, options: purchaseOptions)
            output.transactions([.verified(transaction, jws: "")])
            return
        }
        let confirmation: PurchaseConfirmation = options.flag("cancel") ? .cancel : .confirm
        output.purchase(
            try await store.purchase(productID, options: purchaseOptions, confirmation: confirmation))
    }

}

/// Durations on the command line and in the Transaction Manager: `30s`, `10m`, `2h`, `3d`, `2w`.
enum DurationText {
    static func seconds(_ text: String) -> TimeInterval? {
        guard let unit = text.last, let value = Double(text.dropLast()), value >= 0, value.isFinite else {
            return nil
        }
        switch unit {
        case "s": return value
        case "m": return value * 60
        case "h": return value * 3_600
        case "d": return value * 86_400
        case "w": return value * 604_800
        default: return nil
        }
    }
}

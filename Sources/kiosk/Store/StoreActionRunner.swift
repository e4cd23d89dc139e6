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
        case .redeem:
            let request = try command.request()
            output.purchase(try await store.perform(request).purchase(of: request))
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
        case .finish: _ = try await store.perform(try command.request())
        case .restore:
            _ = try await store.perform(try command.request())
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
                "notifications --jws signs in the process that owns the store's ledger, and this one is a client "
                    + "(of a server, or of another kiosk on this state): run it when nothing else has the state open, "
                    + "or let a backend receive them at kiosk serve --webhook or from the App Store Server API's "
                    + "notification history")
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
            result = try await performShowingProgress(operation)
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

    /// A purchase from the shell: off the device it is a tester operation (it arrives on the
    /// update stream), otherwise the app's request, the payment sheet confirmed or cancelled.
    private func buy() async throws {
        let request = try command.request()
        guard case .purchase(let productID, let options, _) = request, self.options.flag("off-device") else {
            return output.purchase(try await store.perform(request).purchase(of: request))
        }
        let operation = StoreOperation.buyOffDevice(productID: productID, options: options)
        let transaction = try await store.perform(operation).transaction(of: operation)
        output.transactions([.verified(transaction, jws: "")])
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

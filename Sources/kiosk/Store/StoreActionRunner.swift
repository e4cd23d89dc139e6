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
        case .refund:
            let reason: Transaction.RevocationReason
            switch options.value("reason") ?? "other" {
            case "developer-issue": reason = .developerIssue
            case "other": reason = .other
            case let text: throw UsageError("--reason must be developer-issue or other, got '\(text)'")
            }
            try await store.refund(try command.transactionID(), reason: reason, percentage: try refundShare())
        case .refundRequest: try await refundRequest()
        case .approve: try await store.approveAskToBuy(try command.transactionID())
        case .decline: try await store.declineAskToBuy(try command.transactionID())
        case .expire: try await store.expireSubscription(productID: try command.argument(0, "a product ID"))
        case .renew: try await store.forceRenewal(productID: try command.argument(0, "a product ID"))
        case .autoRenew:
            try await store.setAutoRenew(
                try onOff(try command.argument(1, "on or off")), transactionID: try command.transactionID())
        case .priceIncrease: try await priceIncrease()
        case .resolve: try await store.resolveIssue(transactionID: try command.transactionID())
        case .delete: try await store.deleteTransaction(try command.transactionID())
        case .clear: try await store.clearTransactions()
        case .reset: try await store.resetToDefaultState()
        case .advance: try await advance()
        case .now: output.date("now", try await store.now())
        case .timeRate: try await timeRate()
        case .settings: output.settings(try await store.settings())
        case .set: try await set()
        case .errors: output.errors(try await store.simulatedErrors())
        case .error: try await simulateError()
        case .storefront:
            if let code = command.arguments.first { try await store.apply(.storefront(code)) }
            output.value("storefront", try await store.storefront().countryCode)
        case .locale:
            if let locale = command.arguments.first { try await store.apply(.locale(locale)) }
            output.value("locale", try await store.settings().locale)
        case .accounts:
            output.accounts(try await store.accounts(), current: try await store.currentAccount().name)
        case .account: try await account()
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

    private func priceIncrease() async throws {
        let id = try command.transactionID()
        switch try command.argument(1, "request, accept or decline") {
        case "request": try await store.requestPriceIncreaseConsent(transactionID: id)
        case "accept": try await store.respondToPriceIncrease(transactionID: id, accept: true)
        case "decline": try await store.respondToPriceIncrease(transactionID: id, accept: false)
        case let text: throw UsageError("price-increase takes request, accept or decline, got '\(text)'")
        }
    }

    /// `--percentage P` as Apple's milliunits (100 percent is 100000).
    private func refundShare() throws(UsageError) -> Int {
        guard let text = options.value("percentage") else { return RefundRequest.fullRefund }
        guard let percent = Double(text), percent > 0, percent <= 100 else {
            throw UsageError("--percentage needs a share from 0 (exclusive) to 100, got '\(text)'")
        }
        return max(1, Int((percent * 1000).rounded()))
    }

    private func refundRequest() async throws {
        let id = try command.transactionID()
        switch try command.argument(1, "open, grant, decline or reverse") {
        case "open":
            let text =
                command.arguments.count > 2 ? command.arguments[2] : ConsumptionRequestReason.other.rawValue
            guard let reason = ConsumptionRequestReason(rawValue: text.uppercased()) else {
                throw UsageError(
                    "unknown refund request reason '\(text)'; one of: "
                        + ConsumptionRequestReason.allCases.map(\.rawValue).joined(separator: ", "))
            }
            try await store.openRefundRequest(id, reason: reason)
        case "grant": try await store.grantRefundRequest(id, percentage: try refundShare())
        case "decline": try await store.declineRefundRequest(id)
        case "reverse": try await store.reverseRefund(id)
        case let text: throw UsageError("refund-request takes open, grant, decline or reverse, got '\(text)'")
        }
    }

    private func advance() async throws {
        if let text = options.value("periods") {
            guard let count = Int(text), count > 0 else {
                throw UsageError("--periods needs a positive number, got '\(text)'")
            }
            guard let group = options.value("group") else {
                throw UsageError("--periods needs --group GROUP_ID")
            }
            output.date("now", try await store.advanceClock(periods: count, groupID: group))
            return
        }
        let text = try command.argument(0, "a duration such as 3d")
        guard let seconds = DurationText.seconds(text) else {
            throw UsageError(
                "'\(text)' is not a duration: use a number and s, m, h, d or w (30s, 10m, 2h, 3d, 2w)")
        }
        do {
            output.date("now", try await store.advanceClock(by: seconds))
        } catch .invalidArgument(let reason) {
            // A duration past what the store can sign is a mistake in the call (exit 64).
            throw UsageError("advance \(text): \(reason)")
        }
    }

    private func timeRate() async throws {
        let text = try command.argument(0, "a time rate")
        guard
            let rate = TimeRate(rawValue: Int(text) ?? -1)
                ?? TimeRate.allCases.first(where: { "\($0)" == text || $0.description == text })
        else {
            throw UsageError(
                "unknown time rate '\(text)'; use a number: "
                    + TimeRate.allCases.map { "\($0.rawValue) (\($0))" }.joined(separator: ", "))
        }
        try await store.apply(.timeRate(rate))
        output.value("timeRate", rate.description)
    }

    private func set() async throws {
        let name = try command.argument(0, "a setting")
        if name == "grace-days" {
            let text = try command.argument(1, "3, 16 or 28")
            guard let days = Int(text), StoreSettings.gracePeriodChoices.contains(days) else {
                throw UsageError("grace-days takes 3, 16 or 28 (App Store Connect's choices), got '\(text)'")
            }
            try await store.apply(.billingGracePeriodDays(days))
            output.settings(try await store.settings())
            return
        }
        let value = try onOff(try command.argument(1, "on or off"))
        switch name {
        case "ask-to-buy": try await store.apply(.askToBuy(value))
        case "billing-retry": try await store.apply(.billingRetryOnRenewal(value))
        case "grace-period": try await store.apply(.billingGracePeriod(value))
        case "interrupted": try await store.apply(.interruptedPurchases(value))
        case "dialogs": try await store.apply(.disableDialogs(!value))
        case "finished-consumables": try await store.apply(.includeFinishedConsumables(value))
        default:
            throw UsageError(
                "unknown setting '\(name)': ask-to-buy, billing-retry, grace-period, grace-days, interrupted, "
                    + "dialogs, finished-consumables")
        }
        output.settings(try await store.settings())
    }

    private func simulateError() async throws {
        let apiText = try command.argument(0, "an API")
        guard let api = FailableAPI(key: apiText) else {
            throw UsageError(
                "unknown API '\(apiText)'; one of: " + FailableAPI.allCases.map(\.key).joined(separator: ", ")
            )
        }
        let failureText = try command.argument(1, "a failure or none")
        if failureText == "none" {
            try await store.setSimulatedError(nil, for: api)
        } else {
            guard let failure = SimulatedFailure(code: failureText) else {
                throw UsageError(
                    "unknown failure '\(failureText)'; one of: none, "
                        + SimulatedFailure.allCases.map(\.code).joined(separator: ", "))
            }
            try await store.setSimulatedError(failure, for: api)
        }
        output.errors(try await store.simulatedErrors())
    }

    private func account() async throws {
        guard try command.argument(0, "add") == "add" else {
            throw UsageError("account takes: add NAME [--storefront CODE] [--family ID]")
        }
        let name = try command.argument(1, "an account name")
        try await store.addAccount(
            StoreAccount(
                name: name, storefront: options.value("storefront") ?? "USA",
                familyID: options.value("family")))
        output.accounts(try await store.accounts(), current: try await store.currentAccount().name)
    }

    private func onOff(_ text: String) throws(UsageError) -> Bool {
        switch text {
        case "on", "true", "yes": return true
        case "off", "false", "no": return false
        default: throw UsageError("expected on or off, got '\(text)'")
        }
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

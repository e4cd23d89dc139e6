import Foundation
import StoreCore

/// The words of `kiosk store`, parsed into the store's one vocabulary (`StoreOperation` for a
/// tester's actions, `StoreRequest` for an app's): the same values the paywall sends and the
/// wire carries.
extension StoreWords {
    /// The operation a tester action names.
    /// - Throws: `StoreWordsError` naming the word or value that does not parse, or the action
    ///   when it is not a tester operation.
    public func operation() throws(StoreWordsError) -> StoreOperation {
        switch action {
        case .approve: return .approveAskToBuy(transactionID: try transactionID())
        case .decline: return .declineAskToBuy(transactionID: try transactionID())
        case .refund:
            return .refund(
                transactionID: try transactionID(), reason: revocationReason, percentage: refundShare)
        case .refundRequest: return try refundRequest()
        case .expire: return .expireSubscription(productID: try argument(0, "a product ID"))
        case .renew: return .forceRenewal(productID: try argument(0, "a product ID"))
        case .autoRenew:
            return .setAutoRenew(
                try Self.onOff(try argument(0, "on or off")), transactionID: try transactionID())
        case .priceIncrease:
            let id = try transactionID()
            switch try argument(0, "request, accept or decline") {
            case "request": return .requestPriceIncreaseConsent(transactionID: id)
            case "accept": return .respondToPriceIncrease(transactionID: id, accept: true)
            case "decline": return .respondToPriceIncrease(transactionID: id, accept: false)
            case let text:
                throw StoreWordsError("price-increase takes request, accept or decline, got '\(text)'")
            }
        case .resolve: return .resolveIssue(transactionID: try transactionID())
        case .delete: return .deleteTransaction(transactionID: try transactionID())
        case .clear: return .clearTransactions
        case .reset: return .resetToDefaultState
        case .advance: return try advance()
        case .timeRate: return .apply(.timeRate(try timeRate()))
        case .set: return .apply(try setting())
        case .error: return try simulatedError()
        case .account:
            guard try argument(0, "add") == "add" else {
                throw StoreWordsError("account takes: add NAME [--storefront CODE] [--family ID]")
            }
            return .addAccount(
                StoreAccount(
                    name: AccountName(try argument(1, "an account name")),
                    storefront: options.account.storefront ?? "USA",
                    familyID: options.account.family))
        case .storefront: return .apply(.storefront(try argument(0, "a storefront code")))
        case .locale: return .apply(.locale(try argument(0, "a locale")))
        // Listed rather than left to a `default`, so a new action does not compile until it
        // says whether it is an operation.
        case .products, .buy, .redeem, .transactions, .entitlements, .unfinished, .all, .latest, .statuses,
            .eligibility, .finish, .restore, .now, .settings, .errors, .accounts, .appTransaction,
            .notifications, .requestRefund, .manageSubscriptions, .cancelSheet, .retention:
            throw StoreWordsError("'\(action.rawValue)' is not a tester operation: \(action.synopsis)")
        }
    }

    /// The app request an app-side action names (`buy`, `finish`, `restore`, `redeem`).
    /// - Throws: `StoreWordsError` naming the word or value that does not parse, or the action
    ///   when it is not an app request.
    public func request() throws(StoreWordsError) -> StoreRequest {
        switch action {
        case .buy:
            return .purchase(
                productID: try argument(0, "a product ID"), options: purchaseOptions,
                confirmed: !options.purchase.cancel)
        case .finish: return .finish(transactionID: try transactionID())
        case .restore: return .sync
        case .redeem: return .redeemOfferCode(try argument(0, "a code"))
        case .requestRefund:
            return .requestRefund(transactionID: try transactionID(), reason: revocationReason)
        case .manageSubscriptions: return .showManageSubscriptions
        case .cancelSheet: return .retentionMessage(productID: try argument(0, "a product ID"))
        case .retention,
            .products, .transactions, .entitlements, .unfinished, .all, .latest, .statuses, .eligibility,
            .refund, .refundRequest, .approve, .decline, .expire, .renew, .autoRenew, .priceIncrease,
            .resolve, .delete, .clear, .reset, .advance, .now, .timeRate, .settings, .set, .errors, .error,
            .storefront, .locale, .accounts, .account, .appTransaction, .notifications:
            throw StoreWordsError("'\(action.rawValue)' is not an app request: \(action.synopsis)")
        }
    }

    /// The options of `buy`, in the order they are declared.
    public var purchaseOptions: [PurchaseOption] {
        let given = options.purchase
        var purchaseOptions: [PurchaseOption] = []
        if let quantity = given.quantity { purchaseOptions.append(.quantity(quantity)) }
        if let code = given.offerCode { purchaseOptions.append(.codeOffer(referenceName: code)) }
        if let id = given.promo { purchaseOptions.append(.promotionalOffer(id: id, signature: nil)) }
        if let id = given.winBack { purchaseOptions.append(.winBackOffer(id: id)) }
        if let token = given.token { purchaseOptions.append(.appAccountToken(token)) }
        if let date = given.date {
            let behavior: PurchaseOption.RenewalBehavior =
                given.cancelImmediately ? .cancelImmediately : .renewUntilNow
            purchaseOptions.append(.purchaseDate(date, renewalBehavior: behavior))
        }
        if let plan = given.plan { purchaseOptions.append(.billingPlanType(plan)) }
        if given.askToBuy { purchaseOptions.append(.simulatesAskToBuy(true)) }
        if given.noIntro { purchaseOptions.append(.introductoryOfferEligibility(false)) }
        if let key = given.key { purchaseOptions.append(.idempotencyKey(key)) }
        return purchaseOptions
    }

    /// `--reason`: developer-issue or other (the default).
    public var revocationReason: Transaction.RevocationReason { options.refund.reason ?? .other }

    /// `--percentage P` as Apple's milliunits (100 percent is 100000), all of it by default.
    public var refundShare: Int { options.refund.share ?? RefundRequest.fullRefund }

    private func refundRequest() throws(StoreWordsError) -> StoreOperation {
        let id = try transactionID()
        switch try argument(0, "open, grant, decline or reverse") {
        case "open":
            let text = arguments.count > 1 ? arguments[1] : ConsumptionRequestReason.other.rawValue
            guard let reason = ConsumptionRequestReason(rawValue: text.uppercased()) else {
                throw StoreWordsError(
                    "unknown refund request reason '\(text)'; one of: "
                        + ConsumptionRequestReason.allCases.map(\.rawValue).joined(separator: ", "))
            }
            return .openRefundRequest(transactionID: id, reason: reason)
        case "grant": return .grantRefundRequest(transactionID: id, percentage: refundShare)
        case "decline": return .declineRefundRequest(transactionID: id)
        case "reverse": return .reverseRefund(transactionID: id)
        case let text:
            throw StoreWordsError("refund-request takes open, grant, decline or reverse, got '\(text)'")
        }
    }

    private func advance() throws(StoreWordsError) -> StoreOperation {
        if let count = options.advance.periods {
            guard let group = options.advance.group else {
                throw StoreWordsError("--periods needs --group GROUP_ID")
            }
            return .advanceClockPeriods(count: count, groupID: group)
        }
        let text = try argument(0, "a duration such as 3d")
        guard let seconds = DurationText.seconds(text) else {
            throw StoreWordsError(
                "'\(text)' is not a duration: use a number and s, m, h, d, w, mo or y (30s, 10m, 2h, 3d, 2w, 1mo, "
                    + "1y), no longer than the store's certificate authority allows (10 years by default)")
        }
        return .advanceClock(seconds: seconds)
    }

    private func timeRate() throws(StoreWordsError) -> TimeRate {
        let text = try argument(0, "a time rate")
        guard
            let rate = TimeRate(rawValue: Int(text) ?? -1)
                ?? TimeRate.allCases.first(where: { "\($0)" == text || $0.description == text })
        else {
            throw StoreWordsError(
                "unknown time rate '\(text)'; use a number: "
                    + TimeRate.allCases.map { "\($0.rawValue) (\($0))" }.joined(separator: ", "))
        }
        return rate
    }

    private func setting() throws(StoreWordsError) -> StoreSetting {
        let text = try argument(0, "a setting")
        let name = StoreSettingName(rawValue: text)
        if name == .graceDays {
            let text = try argument(1, "3, 16 or 28")
            guard let days = Int(text), StoreSettings.gracePeriodChoices.contains(days) else {
                throw StoreWordsError(
                    "grace-days takes 3, 16 or 28 (App Store Connect's choices), got '\(text)'")
            }
            return .billingGracePeriodDays(days)
        }
        let value = try Self.onOff(try argument(1, "on or off"))
        // The value is read before the name is judged, as it always was: `set bogus` asks for on or off.
        guard let setting = name?.setting(value) else {
            throw StoreWordsError(
                "unknown setting '\(text)': "
                    + StoreSettingName.allCases.map(\.rawValue).joined(separator: ", "))
        }
        return setting
    }

    private func simulatedError() throws(StoreWordsError) -> StoreOperation {
        let apiText = try argument(0, "an API")
        guard let api = FailableAPI(key: apiText) else {
            throw StoreWordsError(
                "unknown API '\(apiText)'; one of: " + FailableAPI.allCases.map(\.key).joined(separator: ", ")
            )
        }
        let failureText = try argument(1, "a failure or none")
        guard failureText != "none" else { return .setSimulatedError(nil, api: api) }
        guard let failure = SimulatedFailure(code: failureText) else {
            throw StoreWordsError(
                "unknown failure '\(failureText)'; one of: none, "
                    + SimulatedFailure.allCases.map(\.code).joined(separator: ", "))
        }
        return .setSimulatedError(failure, api: api)
    }

    /// The words `onOff` reads, on first.
    static let onOffWords = ["on", "true", "yes", "off", "false", "no"]

    public static func onOff(_ text: String) throws(StoreWordsError) -> Bool {
        switch text {
        case "on", "true", "yes": return true
        case "off", "false", "no": return false
        default: throw StoreWordsError("expected on or off, got '\(text)'")
        }
    }
}
